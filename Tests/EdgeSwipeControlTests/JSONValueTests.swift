import Foundation
import Testing
import EdgeSwipeControl

/// JSONValue's reading (libjansson) and writing (no Foundation in the service): values checked by hand, and the
/// writer's bytes against Foundation's JSONEncoder, which wrote these lines before issue 15.
@Suite struct JSONValueTests {
    private func decode(_ text: String) throws(JSONDecodeError) -> JSONValue { try JSONValue.decode(Array(text.utf8)) }

    private func rejects(_ bytes: [UInt8]) -> Bool {
        do { _ = try JSONValue.decode(bytes); return false } catch { return true }
    }

    @Test func integersStayApartFromDoubles() throws {
        #expect(try decode("7") == .integer(7))
        #expect(try decode("-9223372036854775808") == .integer(.min))
        #expect(try decode("9223372036854775807") == .integer(.max))
        #expect(try decode("7.0") == .number(7))
        #expect(try decode("2.5e-3") == .number(0.0025))
        #expect(try decode("1E2") == .number(100))
    }

    @Test func stringsWithEscapesAndNonASCII() throws {
        #expect(try decode(#""a\"b\\c\/d\n\t""#) == .string("a\"b\\c/d\n\t"))
        #expect(try decode(#""\u00e9\ud83d\ude00""#) == .string("é😀"))
        #expect(try decode("\"é\"") == .string("é"))
        #expect(try decode(#""""#) == .string(""))
    }

    @Test func nestedValues() throws {
        let v = try decode(#" {"id":[1,"x",null,true,false],"o":{"":{}},"e":[]} "#)
        #expect(v == .object(["id": .array([.integer(1), .string("x"), .null, .bool(true), .bool(false)]),
                              "o": .object(["": .object([:])]), "e": .array([])]))
    }

    @Test func malformedTextIsAnErrorNamingWhere() {
        do {
            _ = try decode("{\"a\":\n  tru}")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 2)
            #expect(error.message.isEmpty == false)
        }
    }

    /// Every kind of hostile input the control socket may see is refused, none crashes.
    @Test func hostileInputIsRefused() {
        let cases: [String: [UInt8]] = [
            "empty": [],
            "blank": Array("  ".utf8),
            "truncated": Array("{\"command\":".utf8),
            "two values": Array("{} {}".utf8),
            "trailing comma": Array("[1,]".utf8),
            "single quotes": Array("{'a':1}".utf8),
            "bare word": Array("nope".utf8),
            "NaN": Array("NaN".utf8),
            "leading zero": Array("012".utf8),
            "integer beyond 64 bits": Array("9223372036854775808".utf8),
            "real overflow": Array("1e400".utf8),
            "escaped NUL": Array(#""a\u0000b""#.utf8),
            "raw NUL": [0x22, 0x61, 0x00, 0x22],
            "lone surrogate": Array(#""\ud83d""#.utf8),
            "invalid UTF-8": [0x22, 0xc3, 0x28, 0x22],
            "overlong UTF-8": [0x22, 0xc0, 0xaf, 0x22],
            "raw control byte in a string": [0x22, 0x01, 0x22],
            "duplicate key": Array(#"{"command":"pop","command":"push"}"#.utf8),
            "deep arrays": Array(String(repeating: "[", count: 60_000).utf8),
            "deep objects": Array((String(repeating: "{\"a\":", count: 3000) + "1" + String(repeating: "}", count: 3000)).utf8),
        ]
        for (name, bytes) in cases.sorted(by: { $0.key < $1.key }) {
            #expect(rejects(bytes), "accepted: \(name)")
        }
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let depth = 2000
        var v = try decode(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        var seen = 1
        while case .array(let items) = v, let first = items.first { v = first; seen += 1 }
        #expect(seen == depth)
    }

    @Test func writerSpellsValuesByHand() {
        #expect(JSONValue.number(1.0).encodedLine() == Array("1".utf8))
        #expect(JSONValue.number(0.1).encodedLine() == Array("0.1".utf8))
        #expect(JSONValue.number(-2.5).encodedLine() == Array("-2.5".utf8))
        #expect(JSONValue.number(.nan).encodedLine() == Array("null".utf8))
        #expect(JSONValue.number(-.infinity).encodedLine() == Array("null".utf8))
        #expect(JSONValue.object(["b": .integer(1), "a": .array([.null, .bool(false)])]).encodedLine()
                == Array(#"{"a":[null,false],"b":1}"#.utf8))
        #expect(JSONValue.string("a/b\"\n\u{1}é").encodedLine() == Array(#""a/b\"\n\u0001é""#.utf8))
    }

    /// The lines a client saw before (Foundation's JSONEncoder, sorted keys, slashes unescaped) are the lines it sees now.
    @Test func writerMatchesFoundationsEncoder() throws {
        let values: [JSONValue] = [
            .object(["type": .string("reply"), "id": .integer(9), "result": .object(["stack": .array([.string("home"), .string("in/box")])])]),
            .object(["progress": .number(0.25), "time": .number(1.5), "velocity": .number(-1234.5678), "tiny": .number(1e-7),
                     "huge": .number(1.5e300), "whole": .number(3), "third": .number(1.0 / 3)]),
            .object(["interactiveProgress": .number(0.7494), "id": .null, "Zeta": .bool(true), "alpha": .bool(false), "a1": .integer(-5)]),
            .array([.string("tab\there"), .string("quote\"back\\slash"), .string("ünïcødé 😀"), .integer(.min), .integer(.max)]),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for value in values {
            let foundation = try encoder.encode(FoundationOracle(value))
            #expect(value.encodedLine() == Array(foundation), "\(String(decoding: foundation, as: UTF8.self))")
        }
    }

    @Test func readingWhatWasWrittenGivesTheValueBack() throws {
        let value = JSONValue.object(["a": .array([.integer(1), .number(0.5), .string("x\ny"), .null]), "b": .object(["c": .bool(true)])])
        #expect(try JSONValue.decode(value.encodedLine()) == value)
    }
}

/// Encodes a JSONValue through Foundation's Codable machinery: the independent writer the tests compare with.
private struct FoundationOracle: Encodable {
    let value: JSONValue
    init(_ value: JSONValue) { self.value = value }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        case .bool(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        case .integer(let i): var c = encoder.singleValueContainer(); try c.encode(i)
        case .number(let d): var c = encoder.singleValueContainer(); try c.encode(d)
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        case .array(let items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(FoundationOracle(item)) }
        case .object(let fields):
            var c = encoder.container(keyedBy: Key.self)
            for (k, v) in fields { try c.encode(FoundationOracle(v), forKey: Key(stringValue: k)) }
        }
    }
}
