/// A small YAML document as a tree with line marks (the service's configuration). Mapping keys are
/// names: a key that is a list or a mapping is an error. Big files (recordings) are read with
/// `YAMLEventReader` instead.
public indirect enum YAMLNode: Hashable, Sendable {
    /// `plain` is false for quoted and block scalars: "null" in quotes is a string, not a null.
    case scalar(String, plain: Bool, YAMLMark)
    case sequence([YAMLNode], YAMLMark)
    /// Keys in file order, each with its own mark (errors about a key point at the key).
    case mapping([YAMLEntry], YAMLMark)

    /// Parses the single document in `text`; nil when the text holds no document (empty or comments).
    /// Duplicate mapping keys, keys that are not scalars, several documents, nesting deeper than
    /// `YAMLLimits.maxDepth` and more than `YAMLLimits.maxNodes` nodes (aliases expanded) are errors.
    public static func load(text: String, source: String) throws(YAMLError) -> YAMLNode? {
        var reader = YAMLEventReader(text: text, source: source)
        var builder = YAMLTreeBuilder()
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

    /// "a scalar", "a list" or "a mapping", for messages.
    public var kindName: String {
        switch self {
        case .scalar: return "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// The scalar's text, for any scalar style.
    public var string: String? {
        if case .scalar(let s, _, _) = self { return s }
        return nil
    }

    /// A plain `null`, `~` or empty scalar.
    public var isNull: Bool {
        if case .scalar(let s, true, _) = self { return s == "null" || s == "~" || s == "Null" || s == "NULL" || s.isEmpty }
        return false
    }

    public var items: [YAMLNode]? {
        if case .sequence(let items, _) = self { return items }
        return nil
    }

    public var entries: [YAMLEntry]? {
        if case .mapping(let entries, _) = self { return entries }
        return nil
    }

    /// The value for `key` in a mapping.
    public subscript(key: String) -> YAMLNode? {
        entries?.first { $0.key == key }?.value
    }

    /// Nodes in this tree, itself included.
    var size: Int {
        switch self {
        case .scalar: return 1
        case .sequence(let items, _): return 1 + items.reduce(0) { $0 + $1.size }
        case .mapping(let entries, _): return 1 + entries.reduce(0) { $0 + 1 + $1.value.size }
        }
    }
}

public struct YAMLEntry: Hashable, Sendable {
    public var key: String
    public var keyMark: YAMLMark
    public var value: YAMLNode

    public init(key: String, keyMark: YAMLMark, value: YAMLNode) {
        self.key = key
        self.keyMark = keyMark
        self.value = value
    }
}

/// Builds nodes from events, resolving anchors, within `YAMLLimits.maxNodes` (the reader bounds depth).
struct YAMLTreeBuilder {
    private var anchors: [String: YAMLNode] = [:]
    private var count = 0

    /// Builds the node starting at the reader's current event; leaves the reader on its last event.
    mutating func node(_ r: inout YAMLEventReader) throws(YAMLError) -> YAMLNode {
        try add(1, r)
        let mark = r.startMark
        let anchor = r.anchor
        let result: YAMLNode
        switch r.kind {
        case .scalar:
            result = .scalar(r.scalarString, plain: r.scalarIsPlain, mark)
        case .alias:
            guard let name = anchor, let target = anchors[name] else {
                throw r.error("alias to an unknown anchor '\(anchor ?? "")'")
            }
            try add(target.size - 1, r)
            return target
        case .sequenceStart:
            var items: [YAMLNode] = []
            while try r.next() != .sequenceEnd {
                items.append(try node(&r))
            }
            result = .sequence(items, mark)
        case .mappingStart:
            var entries: [YAMLEntry] = []
            var seen: [String: YAMLMark] = [:]
            while try r.next() != .mappingEnd {
                let keyNode = try node(&r)
                guard case .scalar(let key, _, let keyMark) = keyNode else {
                    throw YAMLError(source: r.source, mark: keyNode.mark, message: "a mapping key must be a name, not \(keyNode.kindName)")
                }
                if let first = seen[key] {
                    throw YAMLError(source: r.source, mark: keyMark, message: "duplicate key '\(key)' (first given on line \(first.line))")
                }
                seen[key] = keyMark
                try r.next()
                entries.append(YAMLEntry(key: key, keyMark: keyMark, value: try node(&r)))
            }
            result = .mapping(entries, mark)
        default:
            throw r.error("unexpected YAML event \(r.kind)")
        }
        if let anchor { anchors[anchor] = result }
        return result
    }

    private mutating func add(_ nodes: Int, _ r: borrowing YAMLEventReader) throws(YAMLError) {
        count += nodes
        guard count <= YAMLLimits.maxNodes else { throw r.error("more than \(YAMLLimits.maxNodes) nodes (alias expansion?)") }
    }
}
