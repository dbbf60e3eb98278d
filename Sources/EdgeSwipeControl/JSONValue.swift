import CJansson

/// A JSON document as a value: what control-socket commands are decoded into and replies are built from.
/// Integers are kept apart from doubles so that ids and counts round-trip exactly.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The JSON type's name, for error messages ("expected a string, got a number").
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSONValue {
    /// One line of compact JSON with sorted keys (deterministic output), without the newline. Written here
    /// rather than by a library so the service links no Foundation; numbers and strings are spelled the way
    /// Foundation's JSONEncoder spelled them before (shortest round-trip digits, "1" for 1.0).
    public func encodedLine() -> [UInt8] {
        var text = ""
        append(to: &text)
        return Array(text.utf8)
    }

    private func append(to out: inout String) {
        switch self {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .integer(let i): out.append(String(i))
        case .number(let d):
            // JSON has no NaN or infinity.
            guard d.isFinite else { out.append("null"); return }
            let digits = d.description
            out.append(digits.hasSuffix(".0") ? String(digits.dropLast(2)) : digits)
        case .string(let s): JSONLine.appendQuoted(s, to: &out)
        case .array(let items):
            out.append("[")
            for (n, item) in items.enumerated() {
                if n > 0 { out.append(",") }
                item.append(to: &out)
            }
            out.append("]")
        case .object(let fields):
            out.append("{")
            for (n, key) in fields.keys.sorted().enumerated() {
                if n > 0 { out.append(",") }
                JSONLine.appendQuoted(key, to: &out)
                out.append(":")
                fields[key]!.append(to: &out)
            }
            out.append("}")
        }
    }
}

/// A JSON text that libjansson refused: its message and where (1-based line and column).
public struct JSONDecodeError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int
    public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONValue {
    /// Decodes one JSON text with libjansson: strict RFC 8259 (valid UTF-8, no NUL in strings, nesting at most
    /// 2048 deep, integers within 64 bits), and a key given twice in one object is an error, not a guess.
    public static func decode(_ bytes: some Collection<UInt8>) throws(JSONDecodeError) -> JSONValue {
        let flags = JSON_DECODE_ANY | JSON_REJECT_DUPLICATES
        var error = json_error_t()
        // A zero byte after the text: an empty collection still has a buffer to point at (jansson reads only count bytes).
        let text = Array(bytes) + [0]
        let root: UnsafeMutablePointer<json_t>? = text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                json_loadb(chars.baseAddress, chars.count - 1, Int(flags), &error)
            }
        }
        guard let root else {
            let message = withUnsafeBytes(of: error.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw JSONDecodeError(message: message, line: Int(error.line), column: Int(error.column))
        }
        defer { json_decref(root) }
        return JSONValue(jansson: root)
    }

    /// Copies a jansson tree. Recursion is bounded by the parser's nesting limit.
    private init(jansson node: UnsafeMutablePointer<json_t>) {
        switch node.pointee.type {
        case JSON_OBJECT:
            var fields: [String: JSONValue] = [:]
            fields.reserveCapacity(json_object_size(node))
            var iterator = json_object_iter(node)
            while let at = iterator {
                let key = String(decoding: UnsafeRawBufferPointer(start: json_object_iter_key(at),
                                                                  count: json_object_iter_key_len(at)), as: UTF8.self)
                fields[key] = JSONValue(jansson: json_object_iter_value(at))
                iterator = json_object_iter_next(node, at)
            }
            self = .object(fields)
        case JSON_ARRAY:
            let count = json_array_size(node)
            var items: [JSONValue] = []
            items.reserveCapacity(count)
            for index in 0..<count { items.append(JSONValue(jansson: json_array_get(node, index))) }
            self = .array(items)
        case JSON_STRING:
            self = .string(String(decoding: UnsafeRawBufferPointer(start: json_string_value(node),
                                                                   count: json_string_length(node)), as: UTF8.self))
        case JSON_INTEGER: self = .integer(Int64(json_integer_value(node)))
        case JSON_REAL: self = .number(json_real_value(node))
        case JSON_TRUE: self = .bool(true)
        case JSON_FALSE: self = .bool(false)
        default: self = .null
        }
    }
}
