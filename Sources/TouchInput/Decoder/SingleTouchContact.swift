/// Single-touch state: ABS_X/ABS_Y and a touch key (BTN_TOUCH, else BTN_TOOL_FINGER) saying whether
/// the finger is down. Reported as slot 0.
struct SingleTouchContact {
    var position = RawPosition()
    var touching = false
    var contactID = -1
    /// Ended by cancelAll while the finger is still down: ignored until the key goes up.
    var ignored = false
    /// Touching, but no position was ever reported yet.
    var waitingForPosition = false
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
        if !touching { ignored = false }
    }

    /// A touch key seen where its position was lost (after SYN_DROPPED): a finger going down is ignored
    /// until it lifts rather than reported at a stale position.
    mutating func keyWithoutPosition(_ code: UInt16, value: Int32) {
        guard code == touchKey else { return }
        touching = value != 0
        ignored = touching
    }

    mutating func report(into contacts: inout [Contact], geometry: SurfaceGeometry, nextContactID: inout Int) {
        if touching && !ignored {
            if contactID < 0 {
                // Not reported until the position is known (a recording that starts mid-touch).
                guard position.isKnown else {
                    waitingForPosition = true
                    return
                }
                waitingForPosition = false
                contactID = nextContactID
                nextContactID += 1
                contacts.append(geometry.contact(id: contactID, slot: 0, phase: .down, at: position))
            } else {
                contacts.append(geometry.contact(id: contactID, slot: 0, phase: .move, at: position))
            }
        } else if contactID >= 0 {
            contacts.append(geometry.contact(id: contactID, slot: 0, phase: .up, at: position))
            contactID = -1
        } else if waitingForPosition {
            waitingForPosition = false
            unpositionedContacts += 1
        }
    }

    mutating func cancelAll(into contacts: inout [Contact], geometry: SurfaceGeometry) {
        guard contactID >= 0 else { return }
        contacts.append(geometry.contact(id: contactID, slot: 0, phase: .cancelled, at: position))
        contactID = -1
        ignored = touching
    }
}
