import EdgeSwipeSystem
import Gestures
import TouchInput
import TouchModel

/// Pen nodes in a live session (issue 36): each paired with a touch source, its events feed that source's pen gate
/// through the same `SessionCore` calls a replay makes. Opened only once paired; dropped with its touch source.
extension LiveSession {
    /// A pen node read from its own descriptor, gating `touch`. Throws when it cannot be registered or the touch
    /// source is gone.
    @discardableResult
    package func addPen(_ device: LiveDevice, pairedWith touch: SourceID, reason: PenPairReason,
                        config: PenGateConfig) throws -> SourceID {
        let id = try addFedPen(device.description, pairedWith: touch, reason: reason, config: config)
        guard let pen = pens[id] else { return id }
        let registration = LoopRegistration(loop: loop, descriptor: device.fileDescriptor, name: device.path, ownership: .borrowed)
        do {
            try registration.register(events: .readable) { [unowned self] _ in self.penReadable(pen, device: device) }
        } catch {
            pens[id] = nil
            core.remove(pen, now: loop.now)
            throw error
        }
        penReadings[id] = device
        penRegistrations[id] = registration
        return id
    }

    /// A pen fed by the caller (a recording played live, a test), gating `touch`.
    package func addFedPen(_ description: DeviceDescription, pairedWith touch: SourceID, reason: PenPairReason,
                           config: PenGateConfig) throws -> SourceID {
        guard let source = core.sources[touch] else { throw PenPairingError.noTouchSource(touch) }
        let pen = core.addPen(description, id: core.reserveSourceID(), pairedWith: source, reason: reason, config: config)
        pens[pen.id] = pen
        return pen.id
    }

    /// One event of a fed pen.
    package func feed(_ event: InputEvent, toPen id: SourceID) {
        guard let pen = pens[id] else { return }
        core.feedPen(event, to: pen)
        rearm()
    }

    /// The pen node went away or is dropped: its gate opens (said once when it was the last pen of its touch
    /// device). Returns false: a pen has no contacts to cancel.
    @discardableResult
    package func removePen(_ id: SourceID, now: Microseconds) -> Bool {
        guard let pen = pens.removeValue(forKey: id) else { return false }
        closePenReading(id)
        core.remove(pen, now: now)
        rearm()
        return false
    }

    /// The paired pens of a touch source, and why each pairs.
    package func pens(of touch: SourceID) -> [(id: SourceID, name: String, reason: PenPairReason)] {
        pens.values.filter { $0.touch.id == touch }.sorted { $0.id < $1.id }.map { ($0.id, $0.description.name, $0.reason) }
    }

    /// The nodes of the pens read from their own descriptor now.
    package var pairedPenNodes: Set<String> { Set(penReadings.values.map(\.path)) }

    /// The touch source went: its pens have nothing left to gate and are closed, without a note of their own.
    func dropPens(of touch: SourceID) {
        for (id, pen) in pens where pen.touch.id == touch {
            pens[id] = nil
            closePenReading(id)
        }
    }

    private func closePenReading(_ id: SourceID) {
        penRegistrations.removeValue(forKey: id)?.close()
        penReadings.removeValue(forKey: id)?.close()
    }

    private func penReadable(_ pen: PenSource, device: LiveDevice) {
        let core = core
        var outcome: ReadOutcome
        do {
            repeat {
                outcome = try device.read { event in core.feedPen(event, to: pen) }
            } while outcome == .limitReached
        } catch {
            core.sink(.deviceNote("pen \(device.path): read failed: \(error); pen dropped", device: pen.touch.id))
            removePen(pen.id, now: loop.now)
            onUnplug?(pen.id, device.path)
            return
        }
        if outcome == .unplugged {
            removePen(pen.id, now: loop.now)
            onUnplug?(pen.id, device.path)
            return
        }
        rearm()
    }
}

/// A pen that cannot be paired as asked.
package enum PenPairingError: Error, CustomStringConvertible {
    case noTouchSource(SourceID)

    package var description: String {
        switch self {
        case .noTouchSource(let id): return "no touch source \(id.rawValue) to pair the pen with"
        }
    }
}
