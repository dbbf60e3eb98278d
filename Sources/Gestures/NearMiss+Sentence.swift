// The sentence a person reads for a near miss: the numbers of `NearMissCause`, in mm, mm/s, ms, % and degrees,
// with one decimal (millimetres always show it: "9.0 mm"; the others drop a ".0": "200 mm/s", "50 %").
extension NearMiss {
    public var sentence: String {
        let e = edge.rawValue
        switch cause {
        case .startedOutsideBand(let d, let band):
            return "started \(Self.mm(d)) mm from the \(e) edge; the band is \(Self.mm(band)) mm"
        case .fingerOutsideBand(let band):
            return "a finger landed outside the \(Self.mm(band)) mm band of the \(e) edge the first one started in"
        case .movedAlongEdge(let along, let inward, let slop):
            return "moved \(Self.mm(along)) mm along the edge before \(Self.mm(inward)) mm inward; past "
                + "\(Self.mm(slop)) mm along it a swipe must go more inward than along"
        case .driftedAlongEdge(let along, let inward, let limit):
            return "moved \(Self.mm(along)) mm along the edge before \(Self.mm(inward)) mm inward; the limit along "
                + "the edge is \(Self.mm(limit)) mm"
        case .movedTowardEdge(let outward, let activation):
            return "moved \(Self.mm(outward)) mm toward the \(e) edge instead of away from it; "
                + "\(Self.mm(activation)) mm the wrong way rules a swipe out"
        case .outsideAngle(let degrees, let limit, let inward, let ending):
            return Self.ended(ending) + ": moved outside the angle tolerance: \(Self.trimmed(degrees)) degrees "
                + "from the inward direction, the limit is \(Self.trimmed(limit)) (\(Self.mm(inward)) mm inward)"
        case .tooShort(let inward, let activation, let ending):
            return Self.ended(ending) + ": \(Self.mm(inward)) mm inward; a swipe begins at \(Self.mm(activation)) mm"
        case .liftedWhileWaiting(let inward):
            return "lifted after \(Self.mm(inward)) mm inward, before another gesture let the swipe begin"
        case .extraFingers(let count, let configured):
            return "\(Self.count(count)) \(count == 1 ? "finger" : "fingers") down; the \(e) swipe takes "
                + Self.count(configured)
        case .fingersNotTogether(let configured, let window):
            return "the \(Self.count(configured)) fingers did not all land within \(Self.trimmed(window)) ms of the first"
        case .refused(let why):
            return "refused: " + Self.words(why)
        case .lostArbitration(let winner):
            return "another gesture, \(winner), took the touch"
        case .contactsCancelled(let began, let progress):
            return began
                ? "the swipe began and the device cancelled the touch at \(Self.percent(progress)) %"
                : "the device cancelled the touch (a palm, dropped events or an unplug) before a swipe began"
        case .palmSize(let major, let minor, let palmMajor, let palmArea):
            return "a contact \(Self.mm(major)) × \(Self.mm(minor)) mm, as large as a palm (\(Self.mm(palmMajor)) mm across or "
                + "\(Self.trimmed(palmArea)) mm²), is ignored until it lifts"
        case .palmPressure(let pressure, let threshold):
            return "a contact pressed at \(Self.percent(pressure)) % of the range, as hard as a palm (\(Self.percent(threshold)) %), "
                + "is ignored until it lifts"
        case .grip(let ms, let radius):
            return "held within \(Self.mm(radius)) mm of its touch-down for \(Self.trimmed(ms)) ms: a hand gripping the edge, "
                + "ignored until it lifts"
        case .penInProximity(let since):
            return since.map { "touched down \(Self.trimmed($0)) ms after the pen left, while writing was still assumed" }
                ?? "touched down while the pen was near the screen: a writing hand, ignored until it lifts"
        case .releasedShort(let progress, let velocity, let along, let inward, let needed, let neededVelocity, let cone):
            let released = "released at \(Self.percent(progress)) % and \(Self.trimmed(velocity)) mm/s"
            if progress >= needed {
                // Far enough, but outside the cone, where progress does not count.
                return released + " but \(Self.mm(along)) mm along the edge for \(Self.mm(inward)) mm inward, outside "
                    + "the \(Self.trimmed(cone)):1 cone; completing needs \(Self.percent(needed)) % inside it or "
                    + "\(Self.trimmed(neededVelocity)) mm/s"
            }
            return released + "; completing needs \(Self.percent(needed)) % or \(Self.trimmed(neededVelocity)) mm/s"
        }
    }

    private static func ended(_ ending: StrokeEnding) -> String {
        switch ending {
        case .lifted: return "lifted before the swipe began"
        case .timedOut(let ms): return "no beginning within \(trimmed(ms)) ms of touch-down"
        }
    }

    private static func words(_ why: RefusalReason) -> String {
        switch why {
        case .root: return "the stack has one screen, nothing to go back to"
        case .navigationBarHidden: return "the navigation bar is hidden"
        case .transitionInProgress: return "a transition was running"
        case .touchInNavigationBar: return "the touch started in the navigation bar"
        case .wrongEdge: return "this edge is not the back edge for the layout direction"
        case .delegate: return "the application's delegate said no"
        case .excludedArea: return "the touch started in an area an application excluded"
        case .interactivePopDisabled: return "the screen turned its swipe back off"
        }
    }

    /// One decimal, always shown (also the guided recorder's instructions: one spelling of a length).
    public static func mm(_ v: Double) -> String {
        let tenths = Int((abs(v) * 10).rounded())
        return (v < 0 && tenths != 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
    }

    /// One decimal, a ".0" dropped.
    public static func trimmed(_ v: Double) -> String {
        let s = mm(v)
        return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }

    static func percent(_ fraction: Double) -> String { trimmed(fraction * 100) }

    private static func count(_ n: Int) -> String {
        let names = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        return names.indices.contains(n) ? names[n] : String(n)
    }
}
