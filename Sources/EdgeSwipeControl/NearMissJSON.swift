import Gestures
import TouchModel

/// The JSON line of a near miss (issue 38): `{"type":"nearMiss",...}`, printed by `edgeswipe replay --explain --json`
/// and debug-events, and sent to subscribers of the `nearMiss` class (protocol 6). The numbers the decision used
/// are fields of their own, named by unit (mm, mm/s, ms, degrees; `progress` a fraction), beside the `cause` code
/// and the `sentence` a person reads; clients read it as `ServiceLine.nearMiss` (`ServiceNearMiss`).
public enum NearMissJSON {
    public static func line(_ m: NearMiss, device: String? = nil) -> String {
        var o = JSONLine()
        o.add("type", "nearMiss")
        o.add("time", EventJSON.seconds(m.time), decimals: 6)
        o.add("decidedAt", EventJSON.seconds(m.decidedAt), decimals: 6)
        o.add("recognizer", m.recognizer.name)
        o.add("edge", m.edge.rawValue)
        o.add("fingers", m.fingers)
        o.addRaw("startMM", EventJSON.point(m.startMM))
        o.add("cause", m.cause.code)
        addNumbers(of: m.cause, to: &o)
        o.add("sentence", m.sentence)
        if let device { o.add("device", device) }
        return o.string
    }

    /// For subscribers of `nearMiss`.
    public static func event(_ m: NearMiss, device: String? = nil) -> ControlEvent {
        ControlEvent(eventClass: .nearMiss, encodedJSON: line(m, device: device))
    }

    private static func addNumbers(of cause: NearMissCause, to o: inout JSONLine) {
        switch cause {
        case .startedOutsideBand(let d, let band):
            o.add("distanceMM", d, decimals: 2)
            o.add("bandMM", band, decimals: 2)
        case .fingerOutsideBand(let band):
            o.add("bandMM", band, decimals: 2)
        case .movedAlongEdge(let along, let inward, let slop):
            o.add("alongMM", along, decimals: 2)
            o.add("inwardMM", inward, decimals: 2)
            o.add("slopMM", slop, decimals: 2)
        case .driftedAlongEdge(let along, let inward, let limit):
            o.add("alongMM", along, decimals: 2)
            o.add("inwardMM", inward, decimals: 2)
            o.add("limitMM", limit, decimals: 2)
        case .movedTowardEdge(let outward, let activation):
            o.add("outwardMM", outward, decimals: 2)
            o.add("activationMM", activation, decimals: 2)
        case .outsideAngle(let degrees, let limit, let inward, let ending):
            o.add("angleDegrees", degrees, decimals: 2)
            o.add("limitDegrees", limit, decimals: 2)
            o.add("inwardMM", inward, decimals: 2)
            add(ending, to: &o)
        case .tooShort(let inward, let activation, let ending):
            o.add("inwardMM", inward, decimals: 2)
            o.add("activationMM", activation, decimals: 2)
            add(ending, to: &o)
        case .liftedWhileWaiting(let inward):
            o.add("inwardMM", inward, decimals: 2)
        case .extraFingers(let count, let configured):
            o.add("count", count)
            o.add("configuredFingers", configured)
        case .fingersNotTogether(let configured, let window):
            o.add("configuredFingers", configured)
            o.add("windowMS", window, decimals: 1)
        case .refused(let why):
            o.add("reason", why.rawValue)
        case .lostArbitration(let winner):
            o.add("winner", winner.name)
        case .contactsCancelled(let began, let progress):
            o.add("began", began)
            if began { o.add("progress", progress) }
        case .palmSize(let major, let minor, let palmMajor, let palmArea):
            o.add("majorMM", major, decimals: 2)
            o.add("minorMM", minor, decimals: 2)
            o.add("palmMajorMM", palmMajor, decimals: 2)
            o.add("palmAreaMM2", palmArea, decimals: 1)
        case .palmPressure(let pressure, let threshold):
            o.add("pressure", pressure)
            o.add("threshold", threshold)
        case .grip(let ms, let radius):
            o.add("ms", ms, decimals: 1)
            o.add("radiusMM", radius, decimals: 2)
        case .penInProximity(let since):
            if let since { o.add("msSinceOut", since, decimals: 1) }
        case .releasedShort(let progress, let velocity, let along, let inward, let needed, let neededVelocity, let cone):
            o.add("progress", progress)
            o.add("velocityMMs", velocity, decimals: 1)
            o.add("alongMM", along, decimals: 2)
            o.add("inwardMM", inward, decimals: 2)
            o.add("completionProgress", needed)
            o.add("completionVelocityMMs", neededVelocity, decimals: 1)
            o.add("coneRatio", cone)
        }
    }

    private static func add(_ ending: StrokeEnding, to o: inout JSONLine) {
        switch ending {
        case .lifted: o.add("ending", "lifted")
        case .timedOut(let ms):
            o.add("ending", "timedOut")
            o.add("timeoutMS", ms, decimals: 1)
        }
    }
}
