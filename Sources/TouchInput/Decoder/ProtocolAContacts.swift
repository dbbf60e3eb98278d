import TouchModel

/// Protocol A state. Each frame lists every contact anonymously (one SYN_MT_REPORT each), so contacts are
/// matched to the previous frame's by ABS_MT_TRACKING_ID when the device sends one, else by nearest position.
struct ProtocolAContacts {
    /// Tracked at most; more in one frame are ignored and counted.
    static let capacity = 32

    struct Report {
        var position = RawPosition()
        var hasX = false
        var hasY = false
        var trackingID: Int32 = -1
        var toolType: Int32 = MTToolType.finger
    }

    struct Tracked {
        var id: Int
        var trackingID: Int32
        var position: RawPosition
        /// A palm: matched across frames so it keeps being recognised, but never reported.
        var ignored: Bool
        /// This frame's report matched to it, -1 while unmatched.
        var report = -1
    }

    var pending = Report()
    var pendingHasData = false
    var reports: [Report] = []
    var tracked: [Tracked] = []
    var nextTracked: [Tracked] = []
    var reportMatched: [Bool] = []
    let xRange: AxisClamp
    let yRange: AxisClamp

    init(xRange: AxisClamp, yRange: AxisClamp) {
        self.xRange = xRange
        self.yRange = yRange
        reports.reserveCapacity(Self.capacity)
        tracked.reserveCapacity(Self.capacity)
        nextTracked.reserveCapacity(Self.capacity)
        reportMatched.reserveCapacity(Self.capacity)
    }

    @inline(__always)
    mutating func positionX(_ value: Int32) -> Bool {
        let c = xRange.clamp(value)
        pending.position.x = c.value
        pending.position.xClamped = c.clamped
        pending.hasX = true
        pendingHasData = true
        return c.clamped
    }

    @inline(__always)
    mutating func positionY(_ value: Int32) -> Bool {
        let c = yRange.clamp(value)
        pending.position.y = c.value
        pending.position.yClamped = c.clamped
        pending.hasY = true
        pendingHasData = true
        return c.clamped
    }

    mutating func trackingID(_ value: Int32) {
        pending.trackingID = value
        pendingHasData = true
    }

    mutating func toolType(_ value: Int32) {
        pending.toolType = value
        pendingHasData = true
    }

    /// SYN_MT_REPORT: the pending contact is complete; incomplete or excess ones are counted and dropped.
    mutating func endContact(diagnostics: inout DiagnosticCounters) {
        defer {
            pending = Report()
            pendingHasData = false
        }
        // An empty SYN_MT_REPORT is how protocol A says "no contacts".
        guard pendingHasData else { return }
        // A tracking id of -1 in protocol A means this entry is not a touch.
        if pending.trackingID < -1 || (pending.trackingID == -1 && !pending.hasX && !pending.hasY) { return }
        guard pending.hasX && pending.hasY else {
            diagnostics.incompleteContact += 1
            return
        }
        guard reports.count < Self.capacity else {
            diagnostics.tooManyContacts += 1
            return
        }
        reports.append(pending)
    }

    /// SYN_REPORT: match this frame's reports to the tracked contacts, append the frame's contacts,
    /// and make the reports the new tracked set.
    mutating func report(into contacts: inout [Contact], geometry: SurfaceGeometry, nextContactID: inout Int,
                         diagnostics: inout DiagnosticCounters) {
        // Some drivers omit the last SYN_MT_REPORT before SYN_REPORT.
        if pendingHasData { endContact(diagnostics: &diagnostics) }

        reportMatched.removeAll(keepingCapacity: true)
        for _ in reports.indices { reportMatched.append(false) }
        for i in tracked.indices { tracked[i].report = -1 }
        nextTracked.removeAll(keepingCapacity: true)

        let byTrackingID = reports.contains { $0.trackingID >= 0 }
        if byTrackingID {
            for r in reports.indices where reports[r].trackingID >= 0 {
                if let t = tracked.firstIndex(where: { $0.report < 0 && $0.trackingID == reports[r].trackingID }) {
                    pair(t, r)
                }
            }
        } else {
            matchNearest()
        }

        // In the previous frame's order: matched contacts move (or are cancelled when they turned into a
        // palm); unmatched ones lifted where they were last seen.
        for t in tracked.indices {
            let r = tracked[t].report
            if r >= 0 {
                let palm = reports[r].toolType == MTToolType.palm
                if !tracked[t].ignored {
                    contacts.append(geometry.contact(id: tracked[t].id, slot: contacts.count,
                                                     phase: palm ? .cancelled : .move, at: reports[r].position))
                }
                nextTracked.append(Tracked(id: tracked[t].id, trackingID: reports[r].trackingID,
                                           position: reports[r].position, ignored: tracked[t].ignored || palm))
            } else if !tracked[t].ignored {
                contacts.append(geometry.contact(id: tracked[t].id, slot: contacts.count, phase: .up,
                                                 at: tracked[t].position))
            }
        }
        // Unmatched reports are new touches (palms are tracked but not reported).
        for r in reports.indices where !reportMatched[r] {
            let palm = reports[r].toolType == MTToolType.palm
            let id = nextContactID
            nextContactID += 1
            nextTracked.append(Tracked(id: id, trackingID: reports[r].trackingID, position: reports[r].position,
                                       ignored: palm))
            if !palm {
                contacts.append(geometry.contact(id: id, slot: contacts.count, phase: .down, at: reports[r].position))
            }
        }
        swap(&tracked, &nextTracked)
        reports.removeAll(keepingCapacity: true)
    }

    private mutating func pair(_ t: Int, _ r: Int) {
        tracked[t].report = r
        reportMatched[r] = true
    }

    /// Greedy: repeatedly pair the closest unmatched tracked contact and report.
    private mutating func matchNearest() {
        while true {
            var best = (t: -1, r: -1, d: Int64.max)
            for t in tracked.indices where tracked[t].report < 0 {
                for r in reports.indices where !reportMatched[r] {
                    let dx = Int64(tracked[t].position.x) - Int64(reports[r].position.x)
                    let dy = Int64(tracked[t].position.y) - Int64(reports[r].position.y)
                    let d = dx * dx + dy * dy
                    if d < best.d { best = (t, r, d) }
                }
            }
            guard best.t >= 0 else { return }
            pair(best.t, best.r)
        }
    }

    /// Ends every reported contact as cancelled; the touches stay tracked (ignored) until they lift.
    mutating func cancelAll(into contacts: inout [Contact], geometry: SurfaceGeometry) {
        for t in tracked.indices where !tracked[t].ignored {
            contacts.append(geometry.contact(id: tracked[t].id, slot: contacts.count, phase: .cancelled,
                                             at: tracked[t].position))
            tracked[t].ignored = true
        }
        reports.removeAll(keepingCapacity: true)
        pending = Report()
        pendingHasData = false
    }
}
