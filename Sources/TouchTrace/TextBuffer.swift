/// An append-only UTF-8 buffer for the writers: numbers are formatted in place, without a String each.
struct TextBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    /// Decimal, left-padded with `pad` to at least `width` characters; with pad "0" the sign comes
    /// first, as printf's `%04d` does (-1 is "-001").
    mutating func append(decimal value: Int64, width: Int = 0, pad: UInt8 = 0x20) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        var magnitude = value.magnitude
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[n] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                n += 1
            } while magnitude > 0
        }
        let negative = value < 0
        let length = n + (negative ? 1 : 0)
        if pad == UInt8(ascii: "0") {
            if negative { bytes.append(UInt8(ascii: "-")) }
            for _ in length..<max(width, length) { bytes.append(pad) }
        } else {
            for _ in length..<max(width, length) { bytes.append(pad) }
            if negative { bytes.append(UInt8(ascii: "-")) }
        }
        withUnsafeBytes(of: &digits) { d in
            for k in stride(from: n - 1, through: 0, by: -1) { bytes.append(d[k]) }
        }
    }

    /// Lower-case hex, zero-padded to `width` digits.
    mutating func append(hex value: UInt32, width: Int) {
        let digits = Array("0123456789abcdef".utf8)
        var count = 1
        var v = value >> 4
        while v > 0 { count += 1; v >>= 4 }
        for _ in count..<max(width, count) { bytes.append(UInt8(ascii: "0")) }
        for k in stride(from: count - 1, through: 0, by: -1) {
            bytes.append(digits[Int((value >> (UInt32(k) * 4)) & 0xF)])
        }
    }

    /// `sec.usec` with six digits of microseconds.
    mutating func append(time us: UInt64) {
        append(decimal: Int64(us / 1_000_000))
        bytes.append(UInt8(ascii: "."))
        append(decimal: Int64(us % 1_000_000), width: 6, pad: UInt8(ascii: "0"))
    }

    /// A YAML double-quoted scalar. Characters libyaml does not accept raw are escaped.
    mutating func append(yamlQuoted text: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case "\n": append("\\n")
            case "\t": append("\\t")
            default:
                let v = scalar.value
                let printable = (0x20...0x7E).contains(v) || v == 0x85 || (0xA0...0xD7FF).contains(v)
                    || ((0xE000...0xFFFD).contains(v) && v != 0xFEFF) || (0x10000...0x10FFFF).contains(v)
                if printable {
                    bytes.append(contentsOf: String(scalar).utf8)
                } else if v <= 0xFF {
                    append("\\x")
                    append(hex: v, width: 2)
                } else {
                    append("\\u")
                    append(hex: v, width: 4)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// libevdev's names for event codes, looked up once per code while writing comments.
struct EventNameCache {
    private var names: [UInt32: String] = [:]

    mutating func name(type: UInt16, code: UInt16) -> String {
        let key = UInt32(type) << 16 | UInt32(code)
        if let n = names[key] { return n }
        let n = EventTable.describe(type: type, code: code)
        names[key] = n
        return n
    }
}
