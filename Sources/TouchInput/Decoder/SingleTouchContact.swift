import TouchModel

/// Single-touch state: ABS_X/ABS_Y and a touch key (BTN_TOUCH, else BTN_TOOL_FINGER) saying whether
/// the finger is down. Reported as slot 0.
struct SingleTouchContact {
    /// The contact, as far as the frames go; `touching` is the device's key, which moves it at each report.
    ///
    ///     lifted  -- report, touching, position known -> active (.down)
    ///             -- report, touching, position unknown -> waiting
    ///     waiting -- report, position known -> active (.down)   -- report, lifted -> lifted (left out, counted)
    ///     active  -- report, touching -> active (.move)          -- report, lifted -> lifted (.up)
    ///     ignored -- key up -> lifted
    ///     any touching state -- cancel -> ignored (active: .cancelled)
    enum State: Equatable {
        case lifted
        /// Touching, but no position was ever reported (a recording that starts mid-touch).
        case waiting
        case active(id: Int)
        /// Ended by us (cancelAll, SYN_DROPPED) while the finger is still down: ignored until it lifts.
        case ignored
    }

    var state = State.lifted
    var position = RawPosition()
    var touching = false
    /// Touches that ended before any position was known (left out).
    var unpositionedContacts = 0
    let xRange: AxisClamp
    let yRange: AxisClamp
    let touchKey: UInt16?

    init(xRange: AxisClamp, yRange: AxisClamp, touchKey: UInt16?) {
        self.xRange = xRange
        self.yRange = yRange
        self.touchKey = touchKey
    }

    @inline(__always)
    mutating func positionX(_ value: Int32) -> Bool {
        let c = xRange.clamp(value)
        position.x = c.value
        position.hasX = true
        position.xClamped = c.clamped
        return c.clamped
    }

    @inline(__always)
    mutating func positionY(_ value: Int32) -> Bool {
        let c = yRange.clamp(value)
        position.y = c.value
        position.hasY = true
        position.yClamped = c.clamped
        return c.clamped
    }

    mutating func key(_ code: UInt16, value: Int32) {
        guard code == touchKey else { return }
        touching = value != 0
        if !touching && state == .ignored { state = .lifted }
    }

    /// A touch key seen where its position was lost (after SYN_DROPPED): a finger going down is ignored
    /// until it lifts rather than reported at a stale position.
    mutating func keyWithoutPosition(_ code: UInt16, value: Int32) {
        guard code == touchKey else { return }
        touching = value != 0
        state = touching ? .ignored : .lifted
    }

    mutating func report(into contacts: inout [Contact], geometry: SurfaceGeometry, nextContactID: inout Int) {
        switch state {
        case .lifted, .waiting:
            if touching {
                guard position.isKnown else {
                    state = .waiting
                    return
                }
                let id = nextContactID
                nextContactID += 1
                contacts.append(geometry.contact(id: id, slot: 0, phase: .down, at: position))
                state = .active(id: id)
            } else if state == .waiting {
                unpositionedContacts += 1
                state = .lifted
            }
        case .active(let id):
            if touching {
                contacts.append(geometry.contact(id: id, slot: 0, phase: .move, at: position))
            } else {
                contacts.append(geometry.contact(id: id, slot: 0, phase: .up, at: position))
                state = .lifted
            }
        case .ignored:
            if !touching { state = .lifted }
        }
    }

    mutating func cancelAll(into contacts: inout [Contact], geometry: SurfaceGeometry) {
        switch state {
        case .lifted, .ignored:
            return
        case .waiting:
            unpositionedContacts += 1
        case .active(let id):
            contacts.append(geometry.contact(id: id, slot: 0, phase: .cancelled, at: position))
        }
        state = touching ? .ignored : .lifted
    }
}
