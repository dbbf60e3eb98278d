import TouchInput
import TouchModel

/// Writes one device as an evemu 1.3 recording: commented summary, `N:`/`I:`/`P:`/`B:`/`A:` lines,
/// then `E:` events with a comment naming each, as evemu-record does. Times start at the first event
/// (what the reader makes of any evemu file), so a trace on a live clock is written relative too.
public enum EvemuWriter {
    public static func write(_ device: TraceDevice) -> String {
        let d = device.description
        var out = TextBuffer(capacity: 4096 + device.events.count * 56)
        // evemu's N: line runs to the end of the line, so a line break in a name cannot be kept.
        let name = String(d.name.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        out.append("# EVEMU 1.3\n# Input device name: \"\(name)\"\n")
        out.append("# Input device ID: bus 0x")
        out.append(hex: UInt32(d.id.bustype), width: 4)
        out.append(" vendor 0x"); out.append(hex: UInt32(d.id.vendor), width: 4)
        out.append(" product 0x"); out.append(hex: UInt32(d.id.product), width: 4)
        out.append(" version 0x"); out.append(hex: UInt32(d.id.version), width: 4)
        out.append("\n")
        writeSummary(d, to: &out)

        out.append("N: \(name)\nI: ")
        for (k, v) in [d.id.bustype, d.id.vendor, d.id.product, d.id.version].enumerated() {
            if k > 0 { out.append(" ") }
            out.append(hex: UInt32(v), width: 4)
        }
        out.append("\n")
        writeBits(tag: "P", type: nil, bits: d.properties, maxBit: Int(InputProperty.max), to: &out)
        for type in 0...EventType.max {
            let max = EventTable.maxCode(type)
            guard max >= 0 else { continue }
            writeBits(tag: "B", type: type, bits: d.codes[type] ?? [], maxBit: max, to: &out)
        }
        for code in d.absInfo.keys.sorted() {
            let a = d.absInfo[code]!
            out.append("A: ")
            out.append(hex: UInt32(code), width: 2)
            for v in [a.minimum, a.maximum, a.fuzz, a.flat, a.resolution] {
                out.append(" ")
                out.append(decimal: Int64(v))
            }
            out.append("\n")
        }

        var names = EventNameCache()
        let clockZero = device.events.first?.time.rawValue ?? 0
        var lastReportUs: UInt64 = 0
        for var e in device.events {
            e.time.rawValue -= min(clockZero, e.time.rawValue)
            out.append("E: ")
            out.append(time: e.time.rawValue)
            out.append(" ")
            out.append(hex: UInt32(e.type), width: 4)
            out.append(" ")
            out.append(hex: UInt32(e.code), width: 4)
            out.append(" ")
            out.append(decimal: Int64(e.value), width: 4, pad: UInt8(ascii: "0"))
            out.append("\t# ")
            if e.type == EventType.syn {
                out.append(e.code == SynCode.mtReport ? "++++++++++++ " : "------------ ")
                out.append(EventCodeNames.codeName(type: e.type, code: e.code) ?? "code \(e.code)")
                out.append(" (")
                out.append(decimal: Int64(e.value))
                out.append(e.code == SynCode.mtReport ? ") ++++++++++" : ") ----------")
                if e.isSynReport {
                    out.append(" +")
                    out.append(decimal: Int64((e.time.rawValue - min(lastReportUs, e.time.rawValue)) / 1000))
                    out.append("ms")
                    lastReportUs = e.time.rawValue
                }
            } else {
                out.append(names.name(type: e.type, code: e.code))
                out.append(" ")
                out.append(decimal: Int64(e.value))
            }
            out.append("\n")
        }
        return out.string
    }

    /// The evtest-like comment block evemu writes before the description lines.
    private static func writeSummary(_ d: DeviceDescription, to out: inout TextBuffer) {
        out.append("# Supported events:\n")
        for type in d.codes.keys.sorted() {
            out.append("#   Event type \(type) (\(EventTable.typeName(type)))\n")
            for code in (d.codes[type] ?? []).sorted() {
                out.append("#     Event code \(code) (\(EventCodeNames.codeName(type: type, code: code) ?? "?"))\n")
                if type == EventType.abs, let a = d.absInfo[code] {
                    out.append("#       Min \(a.minimum)\n#       Max \(a.maximum)\n#       Fuzz \(a.fuzz)\n")
                    out.append("#       Flat \(a.flat)\n#       Resolution \(a.resolution)\n")
                }
            }
        }
        out.append("# Properties:\n")
        for p in d.properties.sorted() {
            out.append("#   Property  type \(p) (\(EventCodeNames.propertyName(p) ?? "?"))\n")
        }
    }

    /// Bit masks, 8 bytes per line, covering codes 0...maxBit.
    private static func writeBits(tag: String, type: UInt16?, bits: Set<UInt16>, maxBit: Int, to out: inout TextBuffer) {
        let byteCount = (maxBit + 1 + 7) / 8
        let lines = (byteCount + 7) / 8
        var bytes = [UInt8](repeating: 0, count: lines * 8)
        for bit in bits where Int(bit) < bytes.count * 8 {
            bytes[Int(bit) / 8] |= 1 << (bit % 8)
        }
        for line in 0..<lines {
            out.append("\(tag):")
            if let type {
                out.append(" ")
                out.append(hex: UInt32(type), width: 2)
            }
            for k in 0..<8 {
                out.append(" ")
                out.append(hex: UInt32(bytes[line * 8 + k]), width: 2)
            }
            out.append("\n")
        }
    }
}
