import YAMLDocument

/// A cursor over one line of a byte buffer, for the evemu format's fixed little grammar.
/// Numbers are parsed from the bytes directly; nothing here allocates.
struct ByteLine {
    let base: UnsafePointer<UInt8>
    /// Position of the next byte to read, as an offset from the line start.
    var i: Int
    /// Length of the line without its "\n" (and without a "\r" before it).
    let end: Int

    @inline(__always)
    var atEnd: Bool { i >= end }

    @inline(__always)
    var current: UInt8 { base[i] }

    /// 1-based column of the cursor, for messages.
    var column: Int { i + 1 }

    @inline(__always)
    mutating func skipBlanks() {
        while i < end, base[i] == 0x20 || base[i] == 0x09 { i += 1 }
    }

    /// True when only blanks and an optional `# comment` remain.
    @inline(__always)
    mutating func atEndOrComment() -> Bool {
        skipBlanks()
        return i >= end || base[i] == UInt8(ascii: "#")
    }

    /// Up to `maxDigits` hex digits (like scanf's `%0Nx`); nil when there is none.
    @inline(__always)
    mutating func hex(maxDigits: Int) -> UInt32? {
        var value: UInt32 = 0
        var n = 0
        while i < end, n < maxDigits, let d = hexDigit(base[i]) {
            value = value << 4 | UInt32(d)
            i += 1
            n += 1
        }
        return n > 0 ? value : nil
    }

    /// Decimal digits; nil when there is none or more than `maxDigits`.
    @inline(__always)
    mutating func unsigned(maxDigits: Int) -> UInt64? {
        var value: UInt64 = 0
        var n = 0
        while i < end {
            let d = base[i] &- UInt8(ascii: "0")
            if d >= 10 { break }
            value = value &* 10 &+ UInt64(d)
            i += 1
            n += 1
        }
        return n > 0 && n <= maxDigits ? value : nil
    }

    /// Optionally signed decimal that fits in Int32 (`0810` is 810, `-001` is -1, as scanf's `%d`).
    @inline(__always)
    mutating func int32() -> Int32? {
        var negative = false
        if i < end, base[i] == UInt8(ascii: "-") || base[i] == UInt8(ascii: "+") {
            negative = base[i] == UInt8(ascii: "-")
            i += 1
        }
        guard let magnitude = unsigned(maxDigits: 18) else { return nil }
        let v = negative ? -Int64(magnitude) : Int64(magnitude)
        return Int32(exactly: v)
    }

    /// A field separator: at least one blank.
    @inline(__always)
    mutating func separator() -> Bool {
        let start = i
        skipBlanks()
        return i > start
    }

    /// The rest of the line as text (validated UTF-8), with leading blanks skipped.
    mutating func restAsUTF8() -> String? {
        skipBlanks()
        let text = String(validating: UnsafeBufferPointer(start: base + i, count: end - i), as: UTF8.self)
        i = end
        return text
    }

    func hasPrefix(_ a: UInt8, _ b: UInt8) -> Bool {
        end >= 2 && base[0] == a && base[1] == b
    }

    func text(maxLength: Int = 80) -> String {
        let n = min(end, maxLength)
        let s = String(decoding: UnsafeBufferPointer(start: base, count: n), as: UTF8.self)
        return n < end ? s + "…" : s
    }
}
