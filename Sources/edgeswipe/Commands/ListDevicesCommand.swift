import EdgeSwipeDaemon
import TouchInput
import TouchModel

/// `edgeswipe list-devices`: touch devices, what they are, their size, and whether the service uses them.
enum ListDevicesCommand: Subcommand {
    static let name = "list-devices"
    static let summary = "List input devices: classification, size in mm, slots, resolution, and why each is used or not."
    static let positionalUsage = "[DEVICE...]"
    static let positionalRange = 0...Int.max
    static let discussion = """
        Without arguments, every evdev node udev knows is listed; only those udev marks as touchscreens or
        touchpads are opened (keyboards and mice never are). Naming a node opens just that node.
        """

    struct Options: CommandOptions {
        static let size = OptionSpec(name: "size", short: nil, valueName: "WxH",
                                     help: "Size in mm to assume for devices without resolution.")
        static let options = [size]

        var size: PhysicalSize?
        var nodes: [String]

        init(_ a: ParsedArguments) throws(UsageError) {
            size = try a.value(Self.size, rule: "must be \(PhysicalSize.parsingRule)") { PhysicalSize(parsing: $0) }
            nodes = a.positionals
        }
    }

    static func run(_ o: Options) throws -> ExitStatus {
        let found: [DiscoveredDevice]
        if o.nodes.isEmpty {
            found = try DeviceDiscovery.scan()
            if found.isEmpty {
                Output.stderr("edgeswipe list-devices: no evdev devices found (no /dev/input/event* known to udev on this machine)")
                return .success
            }
        } else {
            found = o.nodes.map { DeviceDiscovery.open($0, keepOpen: false) }
        }
        var blocks: [String] = []
        let pens = PenListing.rows(found.map { ($0.node, $0.description) })
        for (i, d) in found.enumerated() { blocks.append(block(d, size: o.size, pen: pens[i])) }
        Output.stdout(blocks.joined(separator: "\n\n"))
        // Named nodes that could not be opened at all are a failure, as for libinput's tools.
        if !o.nodes.isEmpty, found.contains(where: { $0.description == nil }) { return .failure }
        return .success
    }

    static func block(_ d: DiscoveredDevice, size: PhysicalSize?, pen: String? = nil) -> String {
        var rows: [(String, String)] = []
        if let desc = d.description {
            rows.append(("Device", desc.name))
            rows.append(("Kernel", d.node))
            rows.append(("Id", String(format4: desc.id.bustype) + ":" + String(format4: desc.id.vendor) + ":" + String(format4: desc.id.product)))
            if let c = d.classification { rows.append(("Kind", "\(c.kind.rawValue) (\(c.reason))")) }
            do {
                let g = try SurfaceGeometry(device: desc, configuredSize: size)
                rows.append(("Size", "\(g.size)" + (g.sizeIsConfigured ? " (configured)" : " (from resolution)")))
                rows.append(("Resolution", "x \(g.xAxis.resolution) units/mm, y \(g.yAxis.resolution) units/mm"))
            } catch {
                rows.append(("Size", "none: \(error)"))
            }
            rows.append(("Slots", desc.slotCount.map(String.init) ?? "none (protocol A or single touch)"))
        } else {
            rows.append(("Kernel", d.node))
            if let name = d.udevProperties["NAME"] { rows.append(("Device", name.trimmingCharacters(in: "\""))) }
        }
        if let pen { rows.append(("Pen", pen)) }
        rows.append(("Used", (d.decision.use ? "yes: " : "no: ") + d.decision.reason))
        let width = 12
        // Names and udev values come from the device: escaped so they cannot drive the terminal.
        return rows.map { $0.0 + ":" + String(repeating: " ", count: width - $0.0.count) + TerminalText.escaped($0.1) }
            .joined(separator: "\n")
    }
}

extension String {
    init(format4 v: UInt16) {
        let hex = String(v, radix: 16)
        self = String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
    }

    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}
