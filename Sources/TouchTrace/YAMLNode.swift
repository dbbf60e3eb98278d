/// A small YAML document as a tree with line marks, for configuration files. Big files (recordings)
/// are read with `YAMLEventReader` instead.
public indirect enum YAMLNode: Hashable, Sendable {
    /// `plain` is false for quoted and block scalars, which are always strings.
    case scalar(String, plain: Bool, mark: YAMLMark)
    case sequence([YAMLNode], mark: YAMLMark)
    case mapping([Entry], mark: YAMLMark)

    public struct Entry: Hashable, Sendable {
        public var key: YAMLNode
        public var value: YAMLNode

        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    /// Aliases are expanded; this bounds the expansion ("billion laughs").
    public static let maxNodes = 100_000
    /// Nesting is built recursively; this keeps a hostile file from exhausting the stack.
    public static let maxDepth = 200

    /// Parses the single document in `text`; nil when the text holds no document (empty or comments).
    /// Duplicate mapping keys, several documents and alias bombs are errors.
    public static func load(text: String, source: String) throws(YAMLError) -> YAMLNode? {
        var reader = YAMLEventReader(text: text, source: source)
        var builder = Builder()
        guard try reader.next() == .streamStart else { throw reader.error("expected the start of a YAML stream") }
        switch try reader.next() {
        case .streamEnd: return nil
        case .documentStart: break
        default: throw reader.error("expected a YAML document")
        }
        try reader.next()
        let root = try builder.node(&reader)
        guard try reader.next() == .documentEnd else { throw reader.error("expected the end of the document") }
        if try reader.next() != .streamEnd {
            throw reader.error("more than one YAML document; only one is allowed")
        }
        return root
    }

    public var mark: YAMLMark {
        switch self {
        case .scalar(_, _, let m), .sequence(_, let m), .mapping(_, let m): return m
        }
    }

    /// The scalar's text, for any scalar style.
    public var string: String? {
        if case .scalar(let s, _, _) = self { return s }
        return nil
    }

    /// A plain scalar that is an integer.
    public var int: Int? {
        guard case .scalar(let s, true, _) = self else { return nil }
        var copy = s
        return copy.withUTF8 { parseInteger($0) }.flatMap { Int(exactly: $0) }
    }

    /// A plain scalar that is a number (integers included).
    public var double: Double? {
        guard case .scalar(let s, true, _) = self else { return nil }
        return Double(s)
    }

    /// A plain `true`/`false` (also `yes`/`no`, `on`/`off` as in YAML 1.1, which libyaml implements).
    public var bool: Bool? {
        guard case .scalar(let s, true, _) = self else { return nil }
        switch s.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    public var isNull: Bool {
        guard case .scalar(let s, true, _) = self else { return false }
        return s.isEmpty || s == "~" || s.lowercased() == "null"
    }

    public var items: [YAMLNode]? {
        if case .sequence(let items, _) = self { return items }
        return nil
    }

    public var entries: [Entry]? {
        if case .mapping(let entries, _) = self { return entries }
        return nil
    }

    /// The value for a scalar key in a mapping.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let entries, _) = self else { return nil }
        return entries.first { $0.key.string == key }?.value
    }

    /// Builds nodes from events, resolving anchors.
    private struct Builder {
        var anchors: [String: YAMLNode] = [:]
        var count = 0
        var depth = 0

        /// Builds the node starting at the reader's current event; leaves the reader on its last event.
        mutating func node(_ r: inout YAMLEventReader) throws(YAMLError) -> YAMLNode {
            count += 1
            guard count <= YAMLNode.maxNodes else { throw r.error("more than \(YAMLNode.maxNodes) nodes (alias expansion?)") }
            depth += 1
            defer { depth -= 1 }
            guard depth <= YAMLNode.maxDepth else { throw r.error("nested more than \(YAMLNode.maxDepth) levels deep") }
            let mark = r.startMark
            let anchor = r.anchor
            let result: YAMLNode
            switch r.kind {
            case .scalar:
                result = .scalar(r.scalarString, plain: r.scalarIsPlain, mark: mark)
            case .alias:
                guard let name = anchor, let target = anchors[name] else {
                    throw r.error("alias to an unknown anchor '\(anchor ?? "")'")
                }
                count += target.size
                guard count <= YAMLNode.maxNodes else { throw r.error("more than \(YAMLNode.maxNodes) nodes (alias expansion?)") }
                return target
            case .sequenceStart:
                var items: [YAMLNode] = []
                while try r.next() != .sequenceEnd {
                    items.append(try node(&r))
                }
                result = .sequence(items, mark: mark)
            case .mappingStart:
                var entries: [Entry] = []
                var seen: Set<YAMLNode> = []
                while try r.next() != .mappingEnd {
                    let key = try node(&r)
                    if !seen.insert(key.withoutMarks).inserted {
                        throw YAMLError(source: r.source, mark: key.mark, message: "duplicate key \(key.string.map { "'\($0)'" } ?? "")")
                    }
                    try r.next()
                    entries.append(Entry(key: key, value: try node(&r)))
                }
                result = .mapping(entries, mark: mark)
            default:
                throw r.error("unexpected YAML event \(r.kind)")
            }
            if let anchor { anchors[anchor] = result }
            return result
        }
    }

    var size: Int {
        switch self {
        case .scalar: return 1
        case .sequence(let items, _): return 1 + items.reduce(0) { $0 + $1.size }
        case .mapping(let entries, _): return 1 + entries.reduce(0) { $0 + $1.key.size + $1.value.size }
        }
    }

    /// The same node with every mark zeroed, for comparing keys by content.
    var withoutMarks: YAMLNode {
        let zero = YAMLMark(line: 0, column: 0)
        switch self {
        case .scalar(let s, let plain, _): return .scalar(s, plain: plain, mark: zero)
        case .sequence(let items, _): return .sequence(items.map(\.withoutMarks), mark: zero)
        case .mapping(let entries, _):
            return .mapping(entries.map { Entry(key: $0.key.withoutMarks, value: $0.value.withoutMarks) }, mark: zero)
        }
    }
}
