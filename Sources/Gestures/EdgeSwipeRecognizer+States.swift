import TouchModel

// One handler per state. Only `possible` can begin or fail; `began` and `changed` follow the swipe to its end;
// the finished states wait for every contact to lift (see `finishFrame`).
extension EdgeSwipeRecognizer {
    /// Touch-down in the zone, landing of the other fingers, then activation or a failure.
    func handlePossible(_ frame: TouchFrame, now: Microseconds, into events: inout [GestureEvent]) -> Bool {
        // A frame after a time-out cannot begin: the caller's timer may simply not have fired yet.
        if let reason = expiredReason(now: now) {
            fail(reason, now: now, time: frame.time, into: &events)
            return false
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
                tracked[k].current = transform.screenMM(c)
                switch c.phase {
                case .down, .move:
                    break
                case .up:
                    fail(.liftedBeforeBegin, now: now, time: frame.time, into: &events)
                    return false
                case .cancelled:
                    fail(.contactsCancelled, now: now, time: frame.time, into: &events)
                    return false
                }
            } else if c.phase == .down && trackedCount < fingers {
                let p = transform.screenMM(c)
                let zones = zonesContaining(p)
                if trackedCount == 0 {
                    guard !zones.isEmpty else {
                        // Reported as the failed event's start and position.
                        tracked[0] = TrackedContact(id: c.id, start: p, current: p)
                        fail(.notInEdgeZone, now: now, time: frame.time, into: &events)
                        return false
                    }
                    candidates = zones
                    downTime = now
                } else {
                    candidates.bits &= zones.bits
                    guard !candidates.isEmpty else {
                        fail(.notInEdgeZone, now: now, time: frame.time, into: &events)
                        return false
                    }
                }
                tracked[trackedCount] = TrackedContact(id: c.id, start: p, current: p)
                trackedCount += 1
            }
            // Anything else active is a finger this recognizer does not follow: it counts as one down.
        }
        guard trackedCount > 0 else { return false }

        // BTN_TOOL_*TAP can report more fingers than the device tracks (semi-mt touchpads).
        let fingersDown = max(activeSeen, frame.fingerCount - ignoredActive)
        if fingersDown > fingers {
            fail(.extraFinger(count: fingersDown), now: now, time: frame.time, into: &events)
            return false
        }
        updateTranslation()
        let allDown = trackedCount == fingers
        if allDown {
            if !wasComplete { velocity.reset() }
            velocity.add(time: frame.time, position: translation)
        }
        if ready { return true }
        return evaluateActivation(allDown: allDown, now: now, time: frame.time, into: &events)
    }

    /// Began (and changed): follow the fingers and report every frame until a tracked contact lifts or is cancelled.
    func handleBegan(_ frame: TouchFrame, now: Microseconds, into events: inout [GestureEvent]) {
        followActive(frame, now: now, into: &events)
    }

    func handleChanged(_ frame: TouchFrame, now: Microseconds, into events: inout [GestureEvent]) {
        followActive(frame, now: now, into: &events)
    }

    /// Finished states ignore frames until every contact has lifted.
    func handleEnded(_ frame: TouchFrame, now: Microseconds) {}
    func handleCancelled(_ frame: TouchFrame, now: Microseconds) {}
    func handleFailed(_ frame: TouchFrame, now: Microseconds) {}

    // MARK: -

    func zonesContaining(_ p: Point) -> EdgeMask {
        var m = EdgeMask()
        for e in EdgeMask.order where configuredEdges.contains(e) {
            if e.distance(of: p, screen: screen) <= config.edgeZoneMM { m.insert(e) }
        }
        return m
    }

    /// Checks each candidate edge: drift and direction failures, and activation.
    func evaluateActivation(allDown: Bool, now: Microseconds, time: Microseconds, into events: inout [GestureEvent]) -> Bool {
        var lastFailure = GestureFailureReason.wrongDirection
        for e in EdgeMask.order where candidates.contains(e) {
            let inward = e.inward(translation)
            let along = abs(e.perpendicular(translation))
            if along > config.perpendicularDriftLimitMM {
                candidates.remove(e)
                lastFailure = .perpendicularDrift(mm: (along * 10).rounded() / 10)
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
                fail(.fingersNotTogether, now: now, time: time, into: &events)
                return false
            }
            if along <= tanAngle * inward {
                edge = e
                ready = true
                return true
            }
        }
        if candidates.isEmpty {
            fail(lastFailure, now: now, time: time, into: &events)
        }
        return false
    }

    /// began/changed: updates positions and velocity, then reports changed, ended or cancelled.
    func followActive(_ frame: TouchFrame, now: Microseconds, into events: inout [GestureEvent]) {
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
        let from = state
        updateTranslation()
        if cancelled {
            state = .cancelled
            log.transition(name, from, GestureFailureReason.contactsCancelled.description, .cancelled)
            var e = makeEvent(.cancelled, time: frame.time)
            e.failureReason = .contactsCancelled
            events.append(e)
            return
        }
        // A lift without new coordinates says nothing about motion: adding it would fake a stop.
        if !lifted || moved {
            velocity.add(time: frame.time, position: translation)
        }
        if lifted {
            var e = makeEvent(.ended, time: frame.time)
            let complete = e.progress >= config.completionProgress || e.velocityMMs >= config.completionVelocityMMs
            e.outcome = complete ? .complete : .cancel
            state = .ended
            log.transition(name, from, "lift (progress \(fmt(e.progress)), velocity \(fmt(e.velocityMMs)) mm/s: \(complete ? "complete" : "cancel"))", .ended)
            events.append(e)
            return
        }
        state = .changed
        if from == .began { log.transition(name, from, "frame", .changed) }
        events.append(makeEvent(.changed, time: frame.time))
    }
}
