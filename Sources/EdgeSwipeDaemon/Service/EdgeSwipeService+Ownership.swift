import TouchInput
import TouchOwnership

/// Ownership mode (issue 16, docs/kiosk.md): an owned device is grabbed, so no other program reads it, and what
/// is not an edge gesture is forwarded through its uinput clone, which the compositor reads instead.
extension EdgeSwipeService {
    /// Grabs an open device and makes its clone. Throws naming the device and what failed (the caller closes the
    /// device, which releases the grab). Call `ownershipRefusal(preparing:)` first.
    func takeOwnership(of device: LiveDevice) throws -> UInputClone {
        try device.grab()
        return try UInputClone(cloning: device)
    }

    /// Readies an opened device for ownership: a protocol A device is read as protocol B through libmtdev from now
    /// on (its clone is then protocol B too). Nil when it can be owned, else why not: the caller uses it without
    /// ownership and says so once.
    func ownershipRefusal(preparing device: LiveDevice) -> String? {
        if ProtocolBConversion.isProtocolA(device.description) && !device.convertToProtocolB() {
            return "libmtdev could not be set up to convert its protocol A events to protocol B"
        }
        return OwnershipError.refusal(device.description)?.description
    }

    /// Ownership is taken or given up only when a device is opened: a reload that changes it says so and keeps
    /// the device as it is. Nil when nothing changes.
    func ownershipChangeRefusal(_ record: DeviceRecord, wanted: Bool) -> String? {
        guard record.setup.reader != .recording, record.ownershipRefusal == nil || !wanted else { return nil }
        return Self.ownershipChangeRefusal(owned: record.clone != nil, wanted: wanted,
                                           throughLibinput: record.setup.reader == .libinput)
    }

    /// A recording (`--replay`) has no device to grab and no clone to forward to: ownership asked for in the
    /// configuration or with `--own` does not apply to it. Said once, at start, rather than refused: a kiosk's
    /// own configuration is what a demo or a test replays against. Nil when no ownership is asked for.
    static func ownershipNote(replay path: String, own: Bool, config: DaemonConfig, namedDevices: Bool) -> String? {
        guard own || config.mayOwnDevices else { return nil }
        return "--replay \(path): ownership (\(own ? "--own" : "own: true")) does not apply to a recording: its touches reach the"
            + " recognizers only; nothing is grabbed and nothing is forwarded to a clone"
            + (namedDevices ? " (the named devices are owned as configured)" : "")
    }

    static func ownershipChangeRefusal(owned: Bool, wanted: Bool, throughLibinput: Bool) -> String? {
        guard wanted != owned else { return nil }
        let until = throughLibinput ? "it is read through libinput, not owned" :
            owned ? "it stays grabbed and forwarded" : "it stays shared, not grabbed"
        return "own: \(wanted) in the new configuration applies when the device is plugged in again or the service restarts (\(until) until then)"
    }
}
