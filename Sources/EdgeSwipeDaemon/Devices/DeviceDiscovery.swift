import TouchInput

/// What the service found at one node: refused before opening (udev says it is not a touch surface),
/// refused after looking (the description shows keys or relative axes), or usable.
package struct DiscoveredDevice {
    package var node: String
    package var udevProperties: [String: String]
    /// What the device said about itself, when it was opened (touch candidates, or nodes named explicitly).
    package var description: DeviceDescription?
    /// The open device, when asked to keep it open and it is used.
    package var device: LiveDevice?
    package var classification: Classification?
    package var decision: DeviceDecision
}

/// Finds touch devices without ever opening a keyboard or a mouse: udev's properties decide which nodes are
/// opened at all; the opened device's own description is checked again by `DeviceSelection`.
package enum DeviceDiscovery {
    /// Every evdev node udev knows. Only touch candidates are opened; `keepOpen` false closes them again.
    package static func scan(selectors: [DeviceSelector] = [], mode: SelectionMode = .all,
                            keepOpen: Bool = false) throws -> [DiscoveredDevice] {
        try UdevInputNodes.list().map { node in
            // A pen is opened to be described (list-devices pairs it), never used as a touch device.
            if node.isPenCandidate { return open(node.devnode, udevProperties: node.properties, keepOpen: false) }
            if let why = node.udevRefusal {
                return DiscoveredDevice(node: node.devnode, udevProperties: node.properties, description: nil, device: nil,
                                        classification: nil, decision: DeviceDecision(use: false, reason: why))
            }
            return open(node.devnode, udevProperties: node.properties, selectors: selectors, mode: mode, keepOpen: keepOpen)
        }
    }

    /// Opens one node the user named. A device that turns out able to type is closed at once, unread.
    package static func open(_ node: String, udevProperties: [String: String] = [:], selectors: [DeviceSelector] = [],
                            mode: SelectionMode = .all, keepOpen: Bool) -> DiscoveredDevice {
        let device: LiveDevice
        do {
            device = try LiveDevice(path: node, udevProperties: udevProperties)
        } catch {
            return DiscoveredDevice(node: node, udevProperties: udevProperties, description: nil, device: nil, classification: nil,
                                    decision: DeviceDecision(use: false, reason: "\(error)"))
        }
        let classification = classify(device.description)
        let decision = DeviceSelection.decide(device.description, node: node, classification: classification,
                                              selectors: selectors, mode: mode)
        if !decision.use || !keepOpen { device.close() }
        return DiscoveredDevice(node: node, udevProperties: udevProperties, description: device.description,
                                device: decision.use && keepOpen ? device : nil,
                                classification: classification, decision: decision)
    }
}
