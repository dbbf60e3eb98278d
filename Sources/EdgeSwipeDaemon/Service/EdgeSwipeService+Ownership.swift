import TouchInput

/// Ownership mode (issue 16, docs/kiosk.md): an owned device is grabbed, so no other program reads it, and what
/// is not an edge gesture is forwarded through its uinput clone, which the compositor reads instead.
extension EdgeSwipeService {
    /// Whether a device with this configuration entry is owned: `--own`, or `own: true` in its settings.
    func owns(entry: Int?, config: DaemonConfig) -> Bool {
        options.own || config.settings(forEntry: entry).own == true
    }

    /// Whether a tagged touchscreen is owned, and so read through libevdev rather than libinput. Opens the node
    /// briefly (its name decides which entry it matches) only when the configuration owns some device.
    func ownsTouchscreen(_ node: UdevInputNode) -> Bool {
        if options.own { return true }
        let config = store.current
        guard config.mayOwnDevices else { return false }
        let found = DeviceDiscovery.open(node.devnode, udevProperties: node.properties, selectors: config.selectors,
                                         mode: config.selection, keepOpen: false)
        return found.decision.use && owns(entry: found.decision.selectorIndex, config: config)
    }

    /// Grabs an open device and makes its clone. Throws naming the device and what failed (the caller closes the
    /// device, which releases the grab).
    func takeOwnership(of device: LiveDevice) throws -> UInputClone {
        try device.grab()
        return try UInputClone(cloning: device)
    }

    /// Ownership is taken or given up only when a device is opened: a reload that changes it says so and keeps
    /// the device as it is. Nil when nothing changes.
    func ownershipChangeRefusal(_ record: DeviceRecord, entry: Int?, config: DaemonConfig) -> String? {
        guard record.origin != .recording else { return nil }
        return Self.ownershipChangeRefusal(owned: record.clone != nil, wanted: owns(entry: entry, config: config),
                                           throughLibinput: record.origin == .libinput)
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
