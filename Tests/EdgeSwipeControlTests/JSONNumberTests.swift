import Testing
import EdgeSwipeControl

/// Every number the JSON outputs write (replay's JSON lines and the service's printed and socket events go
/// through JSONLine; control replies through JSONValue) is a JSON number or null, whatever its size
/// (issue 14 item 8: 1e308 scaled for rounding became "inf").
@Suite("JSON numbers")
struct JSONNumberTests {
    /// RFC 8259's number grammar.
    static func isJSONNumber(_ s: String) -> Bool {
        s.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/) != nil
    }

    static let values: [Double] = [0, -0.0, 1, -1, 0.5, 1e-7, 123.456789, 1e15, -1e15, 1e16, 1e300, 1e308, -1e308,
                                   .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude]

    @Test("JSONLine writes a JSON number for every finite value at every precision, and null for the rest",
          arguments: 0...6)
    func jsonLine(decimals: Int) throws {
        for v in Self.values {
            var o = JSONLine()
            o.add("v", v, decimals: decimals)
            let text = o.string
            let number = String(text.dropFirst(5).dropLast())   // {"v": ... }
            #expect(Self.isJSONNumber(number), "\(v) at \(decimals) decimals: \(text)")
            let back = try #require(Double(number))
            // Rounded to the asked decimals, or the value itself where scaling it would overflow.
            #expect(abs(back - v) <= max(0.5 / Self.pow10(decimals), abs(v) * 1e-15), "\(v) at \(decimals): \(number)")
        }
        for v in [Double.nan, .infinity, -.infinity] {
            var o = JSONLine()
            o.add("v", v, decimals: decimals)
            #expect(o.string == "{\"v\":null}")
        }
    }

    @Test("JSONValue writes a JSON number for every finite value and null for the rest")
    func jsonValue() {
        for v in Self.values {
            let text = String(decoding: JSONValue.number(v).encodedLine(), as: UTF8.self)
            #expect(Self.isJSONNumber(text), "\(v): \(text)")
        }
        for v in [Double.nan, .infinity, -.infinity] {
            #expect(JSONValue.number(v).encodedLine() == Array("null".utf8))
        }
    }

    static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }
}
