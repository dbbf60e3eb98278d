import TouchModel

/// The content recognizer's states: the edge recognizer's, `ready` waiting for the handshake's answer.
enum ContentPanState: String {
    case possible, ready, began, changed, ended, cancelled, failed

    var uikit: RecognizerState {
        switch self {
        case .possible, .ready: return .possible
        case .began: return .began
        case .changed: return .changed
        case .ended: return .ended
        case .cancelled: return .cancelled
        case .failed: return .failed
        }
    }
}

/// What makes a content recognizer change state.
enum ContentPanCause {
    /// The pan reached its travel on the axis, toward the trailing side.
    case activation
    /// The owner claimed it (or no handshake runs).
    case begin
    /// Ruled out before it began (this touch stays the page's until it lifts).
    case fail(GestureFailureReason)
    /// A frame while the pan runs.
    case move
    /// The finger lifted: ends, complete or cancelled by the end rules.
    case lift
    /// The device cancelled the contact.
    case contactsCancelled
    /// The region the pan started in was withdrawn.
    case regionWithdrawn
    /// Every contact has lifted.
    case allLifted
}

// One handler per state; `advance` dispatches.
extension ContentSwipeRecognizer {
    /// Touch-down in a region, then the axis decision at the travel threshold.
    func handlePossible(_ frame: TouchFrame, into events: inout [GestureEvent]) {
        guard follow(frame, into: &events) else { return }
        let d = translation
        guard d.x * d.x + d.y * d.y >= config.travelMM * config.travelMM else { return }
        // The axis lock: decided here, once. Toward the trailing side by more than the ratio begins; anything
        // else leaves the touch to the page until it lifts.
        let trailing = leadingEdge.inward(d), across = abs(leadingEdge.perpendicular(d))
        if trailing > config.axisRatio * across {
            transition(.activation, time: frame.time, into: &events)
        } else if -trailing > config.axisRatio * across {
            transition(.fail(.content(.towardLeadingSide)), time: frame.time, into: &events)
        } else {
            transition(.fail(.content(.offAxis(trailingMM: rounded(trailing), acrossMM: rounded(across)))),
                       time: frame.time, into: &events)
        }
    }

    /// Waiting for the answer: the finger is still followed (a lift or a second finger fails it).
    func handleReady(_ frame: TouchFrame, into events: inout [GestureEvent]) {
        _ = follow(frame, into: &events)
    }

    /// Before beginning: takes the touch-down, follows the finger. False when the frame failed the recognizer
    /// or it follows nothing.
    func follow(_ frame: TouchFrame, into events: inout [GestureEvent]) -> Bool {
        let fingersDown = max(frame.activeCount, frame.fingerCount)
        for c in frame.contacts {
            if c.id == contactID {
                current = transform.screenMM(c)
                switch c.phase {
                case .down, .move: break
                case .up:
                    updateTranslation()
                    transition(.fail(.liftedBeforeBegin), time: frame.time, into: &events)
                    return false
                case .cancelled:
                    transition(.fail(.contactsCancelled), time: frame.time, into: &events)
                    return false
                }
            } else if contactID < 0 && c.phase == .down {
                let p = transform.screenMM(c)
                contactID = c.id
                start = p
                current = p
                if let edge = edgeBands.edge(holding: p, screen: screen) {
                    transition(.fail(.content(.inEdgeBand(edge))), time: frame.time, into: &events)
                    return false
                }
                region = regions.last { $0.rectMM.contains(p) }
                if region == nil {
                    transition(.fail(.content(.notInRegion)), time: frame.time, into: &events)
                    return false
                }
            }
        }
        guard contactID >= 0 else { return false }
        // One finger: a second one down (now or with the first) is a pinch or a two-finger scroll, the page's.
        if fingersDown > 1 {
            transition(.fail(.extraFinger(count: fingersDown)), time: frame.time, into: &events)
            return false
        }
        updateTranslation()
        velocity.add(time: frame.time, position: translation)
        return true
    }

    /// Began and changed: follows the finger until it lifts or is cancelled; other fingers are not looked at,
    /// as the edge swipe does once it began.
    func handleActive(_ frame: TouchFrame, into events: inout [GestureEvent]) {
        var lifted = false, cancelled = false, moved = false
        for c in frame.contacts where c.id == contactID {
            let p = transform.screenMM(c)
            if p != current { current = p; moved = true }
            switch c.phase {
            case .down, .move: break
            case .up: lifted = true
            case .cancelled: cancelled = true
            }
        }
        updateTranslation()
        if cancelled { return transition(.contactsCancelled, time: frame.time, into: &events) }
        // A lift without new coordinates says nothing about motion (as in the edge recognizer).
        if !lifted || moved { velocity.add(time: frame.time, position: translation) }
        transition(lifted ? .lift : .move, time: frame.time, into: &events)
    }

    func updateTranslation() {
        translation = Point(x: current.x - start.x, y: current.y - start.y)
    }

    func rounded(_ v: Double) -> Double { (v * 10).rounded() / 10 }

    func reset() {
        panState = .possible
        contactID = -1
        region = nil
        translation = Point(x: 0, y: 0)
        velocity.reset()
        armed = false
    }
}
