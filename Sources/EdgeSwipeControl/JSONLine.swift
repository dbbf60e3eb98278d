/// Builds one JSON object on one line, fields in the order they are added.
/// Output is small and hot (one line per frame while a swipe runs), so this writes directly into a String
/// instead of going through JSONSerialization; strings are escaped per RFC 8259.
package struct JSONLine: Sendable {
    private var text = "{"
    private var empty = true

    package init() {}

    private mutating func key(_ k: String) {
        if !empty { text.append(",") }
        empty = false
        JSONLine.appendQuoted(k, to: &text)
        text.append(":")
    }

    package mutating func add(_ k: String, _ v: String) {
        key(k)
        JSONLine.appendQuoted(v, to: &text)
    }

    package mutating func add(_ k: String, _ v: Int) {
        key(k)
        text.append(String(v))
    }

    package mutating func add(_ k: String, _ v: Bool) {
        key(k)
        text.append(v ? "true" : "false")
    }

    /// Doubles are written with up to `decimals` places; non-finite values become null (JSON has no NaN).
    package mutating func add(_ k: String, _ v: Double, decimals: Int = 4) {
        key(k)
        JSONLine.appendNumber(v, decimals: decimals, to: &text)
    }

    /// A pre-encoded JSON value (object or array).
    package mutating func addRaw(_ k: String, _ json: String) {
        key(k)
        text.append(json)
    }

    package var string: String { text + "}" }

    package static func appendNumber(_ v: Double, decimals: Int, to out: inout String) {
        guard v.isFinite else { out.append("null"); return }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        // Near Double's range the scaling overflows: such a value is written as it is.
        let scaled = (v * scale).rounded() / scale
        let rounded = scaled.isFinite ? scaled : v
        if rounded == rounded.rounded(.towardZero), abs(rounded) < 1e15 {
            out.append(String(Int64(rounded)))
        } else {
            out.append(String(rounded))
        }
    }

    package static func appendQuoted(_ s: String, to out: inout String) {
        out.append("\"")
        for u in s.unicodeScalars {
            switch u {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: out.unicodeScalars.append(u)
            }
        }
        out.append("\"")
    }
}
