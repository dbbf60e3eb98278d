import TouchInput
import TouchModel

/// Writes a trace as `libinput record` YAML, file format version 1, in the layout `libinput replay`
/// reads: per device `evdev` (name, id, codes, absinfo, properties), `udev.properties` and `events`
/// as one `evdev:` list per frame, each ending with its `SYN_REPORT`. As `libinput record` does, a single
/// device's times start at its first event; several devices keep the trace clock they share (see `Trace`).
public enum LibinputRecordWriter {
    public static func write(_ trace: Trace) -> String {
        var out = TextBuffer(capacity: 4096 + trace.eventCount * 72)
        out.append("# libinput record\n")
        out.append("# converted by EdgeSwipe from \(trace.format.rawValue) ")
        out.append(String(trace.source.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
        out.append("\nversion: 1\nndevices: \(trace.devices.count)\n")
        out.append("libinput:\n  version: \"unknown\"\n  git: \"unknown\"\n")
        out.append(trace.devices.isEmpty ? "devices: []\n" : "devices:\n")
        var names = EventNameCache()
        let clockZero = trace.devices.count == 1 ? trace.devices[0].events.first?.time.rawValue ?? 0 : 0
        for device in trace.devices {
            writeDevice(device, clockZero: clockZero, names: &names, to: &out)
        }
        return out.string
    }

    private static func writeDevice(_ device: TraceDevice, clockZero: UInt64, names: inout EventNameCache, to out: inout TextBuffer) {
        let d = device.description
        out.append("- node: ")
        if let range = d.origin.firstRange(of: "/dev/input/") {
            out.append(yamlQuoted: String(d.origin[range.lowerBound...]))
        } else {
            out.append("\"unknown\"")
        }
        out.append("\n  evdev:\n    name: ")
        out.append(yamlQuoted: d.name)
        out.append("\n    id: [\(d.id.bustype), \(d.id.vendor), \(d.id.product), \(d.id.version)]\n")
        out.append("    codes:\n")
        for type in d.codes.keys.sorted() {
            let list = (d.codes[type] ?? []).sorted().map(String.init).joined(separator: ", ")
            out.append("      \(type): [\(list)] # \(EventTable.typeName(type))\n")
        }
        if !d.absInfo.isEmpty {
            out.append("    absinfo:\n")
            for code in d.absInfo.keys.sorted() {
                let a = d.absInfo[code]!
                out.append("      \(code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)]\n")
            }
        }
        out.append("    properties: [\(d.properties.sorted().map(String.init).joined(separator: ", "))]\n")
        out.append("  udev:\n    properties:")
        if d.udevProperties.isEmpty {
            out.append(" []\n")
        } else {
            out.append("\n")
            for key in d.udevProperties.keys.sorted() {
                out.append("    - ")
                out.append(yamlQuoted: "\(key)=\(d.udevProperties[key]!)")
                out.append("\n")
            }
        }
        guard !device.events.isEmpty else {
            out.append("  events: []\n")
            return
        }
        out.append("  events:\n")
        var frameOpen = false
        for var e in device.events {
            e.time.rawValue -= min(clockZero, e.time.rawValue)
            if !frameOpen {
                out.append("  - evdev:\n")
                frameOpen = true
            }
            out.append("    - [")
            out.append(decimal: Int64(e.time.rawValue / 1_000_000), width: 3)
            out.append(", ")
            out.append(decimal: Int64(e.time.rawValue % 1_000_000), width: 6)
            out.append(", ")
            out.append(decimal: Int64(e.type), width: 3)
            out.append(", ")
            out.append(decimal: Int64(e.code), width: 3)
            out.append(", ")
            out.append(decimal: Int64(e.value), width: 7)
            out.append("] # ")
            if e.type == EventType.syn {
                out.append("------------ ")
                out.append(EventCodeNames.codeName(type: e.type, code: e.code) ?? "code \(e.code)")
                out.append(" (")
                out.append(decimal: Int64(e.value))
                out.append(") ------------")
            } else {
                out.append(names.name(type: e.type, code: e.code))
                out.append(" ")
                out.append(decimal: Int64(e.value))
            }
            out.append("\n")
            if e.isSynReport { frameOpen = false }
        }
    }
}
