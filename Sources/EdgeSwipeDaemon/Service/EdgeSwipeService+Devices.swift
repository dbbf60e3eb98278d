#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeControl
import Gestures
import TouchInput
import TouchModel

/// The service's sources of touches: named devices, or udev's tagged devices (touchscreens through libinput
/// unless the backend is evdev) with hotplug; and what a reload does to them.
extension EdgeSwipeService {
    /// Opens the named devices, or starts following udev's tagged ones. Nothing when only a recording plays.
    func openDevices() throws(ServiceStartError) {
        if !options.devices.isEmpty {
            for node in options.devices { open(node, udev: [:]) }
            pairPens()
            // A panel waiting for its output's size is used once the session reports it.
            if devices.values.allSatisfy({ $0.setup.reader == .recording }) && awaitingSize.isEmpty {
                throw .failed("none of the named devices can be used")
            }
            return
        }
        guard options.replay == nil else { return }
        if options.backend == .auto { startLibinput() }
        try followUdev()
    }

    /// Opens one node if the policy allows it, with its setup.
    func open(_ node: String, udev: [String: String]) {
        let config = store.current
        use(DeviceDiscovery.open(node, udevProperties: udev, selectors: config.selectors, mode: config.selection, keepOpen: true),
            config: config)
    }

    /// A node DeviceDiscovery opened and matched: a source of the session with its setup (`setup`, or worked out
    /// here), grabbed and cloned when owned; or closed, and why logged.
    private func use(_ found: DiscoveredDevice, setup given: DeviceSetup? = nil, config: DaemonConfig) {
        let node = found.node
        if let description = found.description, PenPairing.isPen(description) {
            knownPens[node] = found.udevProperties
            return
        }
        guard let device = found.device else {
            log.info("\(node): not used: \(found.decision.reason)")
            return
        }
        do {
            let setup = try given ?? DeviceSetup(entry: found.decision.selectorIndex, reader: .evdev, config: config,
                                                  base: base, ownAll: options.own, outputs: outputs)
            // A device that cannot be owned is still used, read beside the compositor: one warning says what is lost.
            let refusal = setup.own ? ownershipRefusal(preparing: device) : nil
            if let refusal {
                log.warning("\(node) \"\(device.description.name)\": used without ownership (own: true): \(refusal); the compositor"
                            + " reads the device too, so edge swipes also reach the application under the finger")
            }
            let clone = setup.own && refusal == nil ? try takeOwnership(of: device) : nil
            let id = try session.add(device, options: setup.options, forwardTo: clone)
            devices[id] = DeviceRecord(node: node, kind: classify(device.description).kind, setup: setup, clone: clone,
                                       ownershipRefusal: refusal)
            let converted = device.convertsToProtocolB ? " (protocol A, read as protocol B through libmtdev)" : ""
            let owned = clone.map { "; owned: grabbed, forwarded through \($0.devnode ?? "a uinput clone") \"\($0.name)\"\(converted)" } ?? ""
            log.info("\(node) \"\(device.description.name)\": \(found.decision.reason)\(owned)\(outputSizeNote(id))")
            pairPens()
        } catch {
            device.close()
            if let geometry = error as? GeometryError, case .noPhysicalSize = geometry {
                awaitingSize[node] = found.udevProperties
                log.warning("\(node) \"\(device.description.name)\": not used yet: \(error); or it takes its output's size once "
                            + "the session reports it (edgeswipe feedback, or edgeswipe report-output --size)")
            } else {
                log.error("\(node) \"\(device.description.name)\": not used: \(error)")
            }
        }
    }

    /// `; ... measured as output NAME's size` for a device whose size is its output's, for the log; else empty.
    func outputSizeNote(_ id: SourceID) -> String {
        guard let pipeline = session.pipeline(id), pipeline.geometry.sizeIsFromOutput else { return "" }
        var name = "its output"
        if case .output(let report)? = devices[id]?.setup.output { name = "output \(report.output)" }
        return "; its axes have no resolution: measured as \(name)'s \(pipeline.geometry.size) (reportOutput)"
    }

    /// The devices left unused for want of a size, offered again: an output's size was reported, which a panel
    /// without axis resolution on that output takes (`awaitingSize`, and libinput's own list).
    func offerUnsizedAgain() {
        let waiting = awaitingSize
        awaitingSize = [:]
        for node in waiting.keys.sorted() { open(node, udev: waiting[node] ?? [:]) }
        libinput?.offerUnsizedAgain()
    }

    private func startLibinput() {
        do {
            libinput = try LibinputTouchSource(loop: runtime.loop, log: log)
        } catch {
            log.warning("libinput unavailable (\(error)); touchscreens are read through libevdev")
            return
        }
        libinput?.onDeviceAdded = { [unowned self] d in libinputAdded(d) }
        libinput?.onFrame = { [unowned self] id, frame in session.process(frame, from: id) }
        libinput?.onDeviceRemoved = { [unowned self] id, now in
            log.info("\(devices[id]?.node ?? "libinput device") removed")
            session.remove(id, now: now)
            devices[id] = nil
        }
    }

    /// A touchscreen libinput reports: a source of the session if the configuration selects it and gives it a size
    /// (`LibinputAdmission`).
    private func libinputAdded(_ d: LibinputTouchSource.Device) -> LibinputTouchSource.Use? {
        switch LibinputAdmission.decide(d, config: store.current, base: base, ownAll: options.own, outputs: outputs) {
        case .ignored(let why):
            log.info("\(d.node): not used: \(why)")
            return nil
        case .refused(let why):
            log.warning("\(d.node) \"\(d.name)\": not used: \(why)")
            return nil
        case .use(let setup, let size, let sizeIsConfigured):
            do {
                let id = try session.addFrameSource(name: d.name, node: d.node, size: size, options: setup.options,
                                                    sizeIsFromOutput: !sizeIsConfigured && d.reportedSize == nil)
                devices[id] = DeviceRecord(node: d.node, kind: .touchscreen, setup: setup)
                pairPens()
                log.info("\(d.node) \"\(d.name)\": touchscreen through libinput, \(size)\(sizeIsConfigured ? " (configured)" : "")"
                         + outputSizeNote(id))
                return LibinputTouchSource.Use(source: id, size: size)
            } catch {
                log.error("\(d.node) \"\(d.name)\": not used: \(error)")
                return nil
            }
        }
    }

    /// Watches udev's `edgeswipe` tag: every tagged device now, and those tagged later. Without udev there is
    /// nothing to watch: the start stops and says what to do instead.
    private func followUdev() throws(ServiceStartError) {
        let tags = "\(options.udevDirectory)/tags"
        // Not through SystemCall: access(2) is asked yes or no; any failure means udev's directory is not there.
        guard access(tags, F_OK) == 0 else {
            throw .failed("""
                udev is not running here (\(tags) does not exist): without it, edgeswipe run cannot find tagged touch \
                devices or follow hotplug. Start udev (systemd-udevd), or name the devices to read \
                (edgeswipe run /dev/input/eventN ...), or play a recording (edgeswipe run --replay FILE).
                """)
        }
        do {
            watcher = try UdevTagWatcher(loop: runtime.loop, tagDirectory: "\(tags)/edgeswipe",
                                         databaseDirectory: "\(options.udevDirectory)/data", log: log)
        } catch {
            throw .failed("\(error)")
        }
        for number in watcher!.present.sorted() { tagged(number) }
        watcher!.onChange = { [unowned self] change in
            // Removal arrives as ENODEV on the device's own fd (LiveSession cancels its contacts).
            if case .added(let number) = change { tagged(number) }
        }
    }

    /// A device udev tagged: opened through libinput (touchscreens) or libevdev, unless already open.
    private func tagged(_ number: CharDeviceNumber) {
        guard let node = UdevInputNodes.node(major: number.major, minor: number.minor) else {
            log.debug("\(number): not an evdev node")
            return
        }
        if node.isPenCandidate {
            knownPens[node.devnode] = node.properties
            return pairPens()
        }
        if let why = node.udevRefusal {
            log.info("\(node.devnode): not opened: \(why)")
            return
        }
        if devices.values.contains(where: { $0.node == node.devnode }) { return }
        guard let libinput, node.properties["ID_INPUT_TOUCHSCREEN"] == "1" else { return open(node.devnode, udev: node.properties) }
        // An owned touchscreen is read raw: ownership forwards the device's own events, which libinput does not give.
        // When the configuration may own one, the node is opened and matched once (its name decides the entry):
        // kept when owned, else closed and given to libinput.
        let config = store.current
        if options.own || config.mayOwnDevices {
            let found = DeviceDiscovery.open(node.devnode, udevProperties: node.properties, selectors: config.selectors,
                                             mode: config.selection, keepOpen: true)
            if options.own { return use(found, config: config) }
            if found.decision.use {
                do {
                    let setup = try DeviceSetup(entry: found.decision.selectorIndex, reader: .evdev, config: config, base: base,
                                                outputs: outputs)
                    if setup.own { return use(found, setup: setup, config: config) }
                } catch {
                    return use(found, config: config)  // says why it is not used
                }
            }
            found.device?.close()
        }
        libinputUdevProperties[node.devnode] = node.properties
        if !libinput.add(node: node.devnode) {
            libinputUdevProperties[node.devnode] = nil
            log.warning("\(node.devnode): libinput refused it")
        }
    }

    func unplugged(_ id: SourceID, path: String) {
        log.info("\(path) unplugged")
        if knownPens.removeValue(forKey: path) != nil { penNotes[path] = nil }
        libinputUdevProperties[path] = nil
        devices[id] = nil
        screensMayHaveChanged()
    }

    /// Every open device gets a new setup from the new file (its entry matched again), and the difference is
    /// applied (`apply`).
    func configApplied(_ config: DaemonConfig) {
        followAccelerometer(config)
        setUpAgain(config: config)
        log.info("configuration reloaded: \(devices.count) open device(s) take the new settings between touches")
        prepareActionDevices(config)
    }

    /// Every open device's setup worked out again, from `config` and the outputs reported (a reload, a reported
    /// output), and the difference applied. Returns the devices whose recognition changed (rotation among it).
    @discardableResult
    func setUpAgain(config: DaemonConfig) -> [SourceID] {
        var changed: [SourceID] = []
        for id in devices.keys.sorted() {
            guard let record = devices[id], let pipeline = session.pipeline(id) else { continue }
            let d = pipeline.description
            do {
                let next = try DeviceSetup(device: d, node: record.node ?? d.origin, kind: record.kind,
                                           reader: record.setup.reader, config: config, base: base, ownAll: options.own,
                                           outputs: outputs)
                if try apply(next, to: id, record: record, pipeline: pipeline) { changed.append(id) }
            } catch {
                log.error("\(d.origin): new settings not applied: \(error)")
            }
        }
        screensMayHaveChanged()  // an output's name comes or goes without a turn
        return changed
    }

    /// What a reload changes for one device: new recognizers, rotation or calibration between touches (a swipe in
    /// progress finishes under the old ones), and so a new size when the size is its output's; a changed configured
    /// size or ownership needs the device reopened (the decoder's geometry stays; a grab is not taken or released
    /// under a program reading the device), and says so. Returns whether the device's recognition changes.
    private func apply(_ next: DeviceSetup, to id: SourceID, record: DeviceRecord, pipeline: DevicePipeline) throws -> Bool {
        let origin = pipeline.description.origin
        if let size = next.options.configuredSize, size != pipeline.geometry.size, pipeline.geometry.sizeIsConfigured {
            log.warning("\(origin): new size \(size) applies when the device is plugged in again")
        }
        if let refusal = ownershipChangeRefusal(record, wanted: next.own) { log.warning("\(origin): \(refusal)") }
        let difference = record.setup.difference(to: next)
        let resized = difference.contains(.outputSize) && pipeline.geometry.sizeIsFromOutput && next.options.outputSize != nil
        if difference.contains(.recognition) || resized { try session.reconfigure(id, options: next.options) }
        devices[id]?.setup = next
        if resized, let size = next.options.outputSize {
            libinput?.resize(id, to: size)
            var name = "its output"
            if case .output(let report) = next.output { name = "output \(report.output)" }
            log.info("\(origin): its axes have no resolution: measured as \(name)'s \(size) "
                     + (pipeline.fingerDown ? "from the next lift" : "from now on"))
        }
        return difference.contains(.recognition) || resized
    }
}
