import Gestures
import TouchInput
import TouchModel

/// A pen node paired with a touch source (issue 36): its events feed the touch device's pen gate, never a
/// recognizer. Live and replay feed it through the same calls, so both gate alike.
final class PenSource {
    let id: SourceID
    let description: DeviceDescription
    /// The touch source whose arena the pen gates.
    let touch: SessionSource
    let reason: PenPairReason
    fileprivate var tracker: PenTracker
    fileprivate var saidDiagnostics = 0
    fileprivate(set) var removed = false

    fileprivate init(id: SourceID, description: DeviceDescription, touch: SessionSource, reason: PenPairReason) {
        self.id = id
        self.description = description
        self.touch = touch
        self.reason = reason
        tracker = PenTracker(device: description)
    }
}

extension SessionCore {
    /// Pairs a pen node with a touch source: the touch device's gate follows the pen from now on.
    /// `id`: one `reserveSourceID` gave, so the pen keeps its place among the devices.
    func addPen(_ device: DeviceDescription, id: SourceID, pairedWith touch: SessionSource, reason: PenPairReason,
                config: PenGateConfig) -> PenSource {
        touch.pipeline.attachPen(config: config)
        return PenSource(id: id, description: device, touch: touch, reason: reason)
    }

    /// One event of a pen node, at its own time: what is due fires first, so a touch-down and a proximity change
    /// at the same instant are taken in the order a live run reads them. Not named `feed`: hot-path.order's glob
    /// for the touch path's `feed` would pull it into the per-wake-up span.
    func feedPen(_ event: InputEvent, to pen: PenSource) {
        guard !pen.removed else { return }
        fire(upTo: event.time)
        guard let reading = pen.tracker.feed(event) else { return }
        pen.touch.pipeline.penChanged(pen: pen.id.rawValue, reading)
        sayPenDiagnostics(pen)
    }

    /// The pen node went away (unplug, end of a recording): out of proximity now; the last pen of a touch device
    /// gone, its gate goes too and that is said once.
    func remove(_ pen: PenSource, now: Microseconds) {
        guard !pen.removed else { return }
        pen.removed = true
        fire(upTo: now)
        if let reading = pen.tracker.remove(time: now) { pen.touch.pipeline.penChanged(pen: pen.id.rawValue, reading) }
        if pen.touch.pipeline.detachPen(pen: pen.id.rawValue, time: now) {
            sink(.deviceNote("pen \(pen.description.label) went away: touches are no longer gated by a pen", device: pen.touch.id))
        }
    }

    /// A pen's bad input, each kind said once, on the touch device it gates.
    private func sayPenDiagnostics(_ pen: PenSource) {
        let all = pen.tracker.diagnostics
        guard all.count > pen.saidDiagnostics else { return }
        for d in all[pen.saidDiagnostics...] { sink(.deviceNote("\(pen.description.label): \(d)", device: pen.touch.id)) }
        pen.saidDiagnostics = all.count
    }
}
