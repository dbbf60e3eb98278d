import TouchModel

// One handler per state that reads frames (the dispatcher is `advance`). `possible` tracks touch-downs and
// looks for activation; `ready` keeps tracking while it waits for arbitration; `began` and `changed` follow the
// swipe to its end; the finished states wait for every contact to lift (`finishFrame`). State changes go
// through `transition`.
extension EdgeSwipeRecognizer {
    /// Touch-down in the zone, landing of the other fingers, then activation or a failure.
    func handlePossible(_ frame: TouchFrame, now: Microseconds, into events: inout [GestureEvent]) {
        guard let allDown = track(frame, now: now, into: &events) else { return }
        evaluateActivation(allDown: allDown, time: frame.time, into: &events)
    }

    /// Activation met: the fingers are still followed (a lift, an extra finger or a time-out fails it) until
    /// arbitration lets it begin.
    func handleReady(_ frame: TouchFrame, now: Microseconds, into events: inout [GestureEvent]) {
        _ = track(frame, now: now, into: &events)
    }

    // MARK: -

    /// Before beginning: follows the tracked contacts and takes new ones in the zone. Returns whether all the
    /// configured fingers are down, or nil when the frame failed the recognizer (or it tracks nothing yet).
    func track(_ frame: TouchFrame, now: Microseconds, into events: inout [GestureEvent]) -> Bool? {
        // A frame after a time-out cannot begin: the caller's timer may simply not have fired yet.
        if let reason = expiredReason(now: now) {
            transition(.fail(reason), time: frame.time, into: &events)
            return nil
        }
        let fingers = config.fingers
        let wasComplete = trackedCount == fingers
        var activeSeen = 0
        var ignoredActive = 0
        for c in frame.contacts {
            if isIgnored(c.id) {
                if c.isActive { ignoredActive += 1 }
                continue
            }
            if c.isActive { activeSeen += 1 }
            if let k = trackedIndex(c.id) {
                let p = transform.screenMM(c)
                tracked[k].current = p
                if tracked[k].still {
                    let dx = p.x - tracked[k].start.x, dy = p.y - tracked[k].start.y
                    if dx * dx + dy * dy > gripRadiusSquared { tracked[k].still = false }
                }
                switch c.phase {
                case .down, .move:
                    if let palm = palmFailure(c.shape) {
                        rejectedContact = c.id
                        transition(.fail(palm), time: frame.time, into: &events)
                        return nil
                    }
                case .up:
                    transition(.fail(.liftedBeforeBegin), time: frame.time, into: &events)
                    return nil
                case .cancelled:
                    transition(.fail(.contactsCancelled), time: frame.time, into: &events)
                    return nil
                }
            } else if c.phase == .down && trackedCount < fingers {
                let p = transform.screenMM(c)
                let zones = zonesContaining(p)
                if trackedCount == 0 {
                    guard !zones.isEmpty else {
                        // Reported as the failed event's start and position.
                        tracked[0] = TrackedContact(id: c.id, start: p, current: p)
                        transition(.fail(.notInEdgeZone), time: frame.time, into: &events)
                        return nil
                    }
                    if let gate = refusal(of: c.id) {
                        tracked[0] = TrackedContact(id: c.id, start: p, current: p)
                        edge = EdgeMask.order.first { zones.contains($0) } ?? edge
                        if gate.failure.rejectsContact { rejectedContact = c.id }
                        transition(.fail(gate.failure), time: frame.time, into: &events)
                        return nil
                    }
                    candidates = zones
                    downTime = now
                } else {
                    candidates.bits &= zones.bits
                    guard !candidates.isEmpty else {
                        transition(.fail(.notInEdgeZone), time: frame.time, into: &events)
                        return nil
                    }
                    if let gate = refusal(of: c.id) {
                        if gate.failure.rejectsContact { rejectedContact = c.id }
                        transition(.fail(gate.failure), time: frame.time, into: &events)
                        return nil
                    }
                }
                tracked[trackedCount] = TrackedContact(id: c.id, start: p, current: p)
                trackedCount += 1
                // A palm at its touch-down: the failed event shows where it landed.
                if let palm = palmFailure(c.shape) {
                    rejectedContact = c.id
                    transition(.fail(palm), time: frame.time, into: &events)
                    return nil
                }
            }
            // Anything else active is a finger this recognizer does not follow: it counts as one down.
        }
        guard trackedCount > 0 else { return nil }

        // BTN_TOOL_*TAP can report more fingers than the device tracks (semi-mt touchpads).
        let fingersDown = max(activeSeen, frame.fingerCount - ignoredActive)
        if fingersDown > fingers {
            transition(.fail(.extraFinger(count: fingersDown)), time: frame.time, into: &events)
            return nil
        }
        updateTranslation()
        let allDown = trackedCount == fingers
        if allDown {
            if !wasComplete { velocity.reset() }
            velocity.add(time: frame.time, position: translation)
        }
        return allDown
    }

    func zonesContaining(_ p: Point) -> EdgeMask {
        var m = EdgeMask()
        for e in EdgeMask.order where configuredEdges.contains(e) {
            if e.distance(of: p, screen: screen) <= config.edgeZoneMM { m.insert(e) }
        }
        return m
    }

    /// Checks each candidate edge: drift, along-edge (the early test) and direction failures, and activation.
    func evaluateActivation(allDown: Bool, time: Microseconds, into events: inout [GestureEvent]) {
        var lastFailure = GestureFailureReason.wrongDirection
        for e in EdgeMask.order where candidates.contains(e) {
            let inward = e.inward(translation)
            let along = abs(e.perpendicular(translation))
            if along > config.perpendicularDriftLimitMM {
                candidates.remove(e)
                lastFailure = .perpendicularDrift(mm: (along * 10).rounded() / 10)
                continue
            }
            // The early test (Android's touch slop rule): clearly not a swipe from this edge, so the touch is
            // released at once instead of after the drift limit.
            if along > config.alongEdgeSlopMM && along > abs(inward) {
                candidates.remove(e)
                lastFailure = .movedAlongEdge(mm: (along * 10).rounded() / 10)
                continue
            }
            if inward <= -config.activationDistanceMM {
                candidates.remove(e)
                lastFailure = .wrongDirection
                continue
            }
            guard inward >= config.activationDistanceMM else { continue }
            if !allDown {
                // The fingers must land together, before the swipe travels.
                transition(.fail(.fingersNotTogether), time: time, into: &events)
                return
            }
            if along <= tanAngle * inward {
                transition(.activation(e), time: time, into: &events)
                return
            }
        }
        if candidates.isEmpty {
            transition(.fail(lastFailure), time: time, into: &events)
        }
    }

    /// Began and changed: follows the fingers and reports every frame until a tracked contact lifts or is cancelled.
    func handleActive(_ frame: TouchFrame, into events: inout [GestureEvent]) {
        var lifted = false
        var cancelled = false
        var moved = false
        for c in frame.contacts {
            guard let k = trackedIndex(c.id) else { continue }
            let p = transform.screenMM(c)
            if p != tracked[k].current {
                tracked[k].current = p
                moved = true
            }
            switch c.phase {
            case .down, .move: break
            case .up: lifted = true
            case .cancelled: cancelled = true
            }
        }
        updateTranslation()
        if cancelled { return transition(.contactsCancelled, time: frame.time, into: &events) }
        // A lift without new coordinates says nothing about motion: adding it would fake a stop.
        if !lifted || moved {
            velocity.add(time: frame.time, position: translation)
        }
        transition(lifted ? .lift : .move, time: frame.time, into: &events)
    }
}
