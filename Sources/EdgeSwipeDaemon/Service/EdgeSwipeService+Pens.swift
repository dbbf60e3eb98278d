import Gestures
import TouchInput
import TouchModel

/// Pen nodes (issue 36): a pen is opened only when it pairs with a touch device the service uses (read through
/// libevdev or libinput), by `PenPairing`'s rule and the touch device's `pen:` setting; it then feeds that device's
/// pen gate (`LiveSession.addPen`). Offered again whenever a touch device or a pen comes.
extension EdgeSwipeService {
    /// Pairs every known pen not yet paired with the touch sources open now; says once why a pen pairs with nothing.
    func pairPens() {
        guard !knownPens.isEmpty else { return }
        let touches: [(id: SourceID, record: DeviceRecord, description: DeviceDescription)] = devices.keys.sorted().compactMap { id in
            guard let record = devices[id],
                  let description = Self.pairingDescription(reader: record.setup.reader, pipeline: session.pipeline(id)?.description,
                                                            node: record.node,
                                                            udevProperties: record.node.flatMap { libinputUdevProperties[$0] } ?? [:],
                                                            open: { DeviceDiscovery.open($0, udevProperties: [:], keepOpen: false).description })
            else { return nil }
            return (id, record, description)
        }
        for node in knownPens.keys.sorted() {
            guard !isPaired(node) else { continue }
            let found = DeviceDiscovery.open(node, udevProperties: knownPens[node] ?? [:], keepOpen: false)
            guard let pen = found.description, PenPairing.isPen(pen) else { continue }
            let outcome = PenPairing.pair(touches: touches.map { ($0.description, $0.record.setup.options.penRequest) }, pens: [pen])[0]
            guard let t = outcome.touch, let reason = outcome.reason else {
                sayOnce(node, "\(node) \"\(pen.name)\": pen not used: pairs with no touch device: \(outcome.unpaired ?? "no rule matched")")
                continue
            }
            let touch = touches[t]
            do {
                let device = try LiveDevice(path: node, udevProperties: knownPens[node] ?? [:])
                try session.addPen(device, pairedWith: touch.id, reason: reason, config: touch.record.setup.options.penGate)
                penNotes[node] = nil
                log.info("\(node) \"\(pen.name)\": pen paired with \(touch.record.node ?? touch.description.origin) "
                         + "\"\(touch.description.name)\" (\(reason)): its proximity gates that device's touches")
            } catch {
                sayOnce(node, "\(node) \"\(pen.name)\": pen not used: \(error)")
            }
        }
    }

    /// What the pairing rule reads of a touch source: its own description (libevdev, with the udev properties it
    /// was opened with), or, for a libinput touchscreen (whose pipeline knows only its name and size), its node as
    /// libevdev gives it (`open`) with the udev properties udev tagged it with, so the rule's first step, udev's
    /// LIBINPUT_DEVICE_GROUP, decides as it does for list-devices and the doctor; none for a recording's device.
    static func pairingDescription(reader: DeviceSetup.Reader, pipeline: DeviceDescription?, node: String?,
                                   udevProperties: [String: String], open: (String) -> DeviceDescription?) -> DeviceDescription? {
        switch reader {
        case .evdev: return pipeline
        case .libinput:
            guard let node, var description = open(node) else { return nil }
            description.udevProperties.merge(udevProperties) { _, udev in udev }
            return description
        case .recording: return nil
        }
    }

    /// Whether the pen node is read now (paired with some touch source).
    private func isPaired(_ node: String) -> Bool { session.pairedPenNodes.contains(node) }

    private func sayOnce(_ node: String, _ line: String) {
        guard penNotes[node] != line else { return }
        penNotes[node] = line
        log.info(line)
    }
}
