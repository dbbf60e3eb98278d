/// Decimal with optional sign, or 0x hex, into Int64; nil on anything else or overflow.
@inline(__always)
func parseInteger(_ b: UnsafeBufferPointer<UInt8>) -> Int64? {
    var i = 0
    let n = b.count
    guard n > 0 else { return nil }
    var negative = false
    if b[0] == UInt8(ascii: "-") || b[0] == UInt8(ascii: "+") {
        negative = b[0] == UInt8(ascii: "-")
        i = 1
    }
    guard i < n else { return nil }
    var value: Int64 = 0
    if n - i > 2, b[i] == UInt8(ascii: "0"), b[i + 1] | 0x20 == UInt8(ascii: "x") {
        i += 2
        while i < n {
            guard let d = hexDigit(b[i]) else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 16)
            let (s, o2) = m.addingReportingOverflow(Int64(d))
            if o1 || o2 { return nil }
            value = s
            i += 1
        }
    } else {
        while i < n {
            let d = b[i] &- UInt8(ascii: "0")
            guard d < 10 else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int64(d))
            if o1 || o2 { return nil }
            value = s
            i += 1
        }
    }
    return negative ? -value : value
}

@inline(__always)
public func hexDigit(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
    default: return nil
    }
}

/// Offsets of the last byte of each line break, as YAML counts them: LF, CR LF, a lone CR, and U+0085,
/// U+2028, U+2029 in UTF-8.
public func yamlLineBreaks(_ bytes: UnsafeRawBufferPointer) -> [Int] {
    var breaks: [Int] = []
    var i = 0
    let n = bytes.count
    while i < n {
        switch bytes[i] {
        case 0x0A: breaks.append(i)
        case 0x0D: if i + 1 < n, bytes[i + 1] == 0x0A { i += 1 }; breaks.append(i)
        case 0xC2 where i + 1 < n && bytes[i + 1] == 0x85: i += 1; breaks.append(i)
        case 0xE2 where i + 2 < n && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
            i += 2; breaks.append(i)
        default: break
        }
        i += 1
    }
    return breaks
}
