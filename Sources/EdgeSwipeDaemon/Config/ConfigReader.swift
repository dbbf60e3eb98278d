import Gestures
import TouchInput
import YAMLDocument

/// Walks a configuration document, collecting every problem with its key path and line instead of stopping
/// at the first. Each `read...` returns nil after recording an issue.
final class ConfigReader {
    let file: String
    private(set) var issues: [ConfigIssue] = []
    /// A string the schema read: a value, or a key of a mapping (`key` then names the mapping).
    struct StringRead {
        var key: String
        var mark: YAMLMark
        var isKey: Bool
    }
    /// Every string read, in file order: the schema's string settings, derived from the code that reads them
    /// (ConfigStringSettingTests puts a NUL in each).
    private(set) var stringReads: [StringRead] = []
    /// Every mapping checked: its key, the keys the schema knows there and those it held.
    private(set) var mappings: [(key: String, known: [String], present: [String])] = []

    /// The refusal of a NUL in a setting: the service would pass the part before it to the kernel and log
    /// the whole (issue 22).
    static let nulMessage = "contains a NUL character (\\0); no setting may hold one"

    init(file: String) { self.file = file }

    func issue(_ key: String, _ mark: YAMLMark, _ message: String) {
        issues.append(ConfigIssue(file: file, line: mark.line, key: key, message: message))
    }

    /// The entries of a mapping, after checking for unknown keys (the YAML tree refuses duplicate ones).
    func mapping(_ node: YAMLNode, _ key: String, known: [String]) -> [String: YAMLEntry]? {
        guard case .mapping(let entries, _) = node else {
            issue(key, node.mark, "expected a mapping, got \(node.kindName)")
            return nil
        }
        mappings.append((key, known, entries.map(\.key)))
        var out: [String: YAMLEntry] = [:]
        for e in entries {
            stringReads.append(StringRead(key: key, mark: e.keyMark, isKey: true))
            if e.key.utf8.contains(0) {
                issue(key, e.keyMark, "a key \(Self.nulMessage)")
            } else if known.contains(e.key) {
                out[e.key] = e
            } else {
                issue(key.isEmpty ? e.key : "\(key).\(e.key)", e.keyMark, "unknown key; expected one of: \(known.joined(separator: ", "))")
            }
        }
        return out
    }

    func string(_ node: YAMLNode, _ key: String) -> String? {
        guard case .scalar(let s, _, _) = node else {
            issue(key, node.mark, "expected a string, got \(node.kindName)")
            return nil
        }
        return withoutNUL(s, node, key)
    }

    /// Every string value passes here: a NUL in it is refused (and the read recorded).
    private func withoutNUL(_ s: String, _ node: YAMLNode, _ key: String) -> String? {
        stringReads.append(StringRead(key: key, mark: node.mark, isKey: false))
        guard !s.utf8.contains(0) else {
            issue(key, node.mark, Self.nulMessage)
            return nil
        }
        return s
    }

    func bool(_ node: YAMLNode, _ key: String) -> Bool? {
        if case .scalar(let s, true, _) = node {
            switch s {
            case "true", "True", "TRUE", "yes", "on": return true
            case "false", "False", "FALSE", "no", "off": return false
            default: break
            }
        }
        issue(key, node.mark, "expected true or false, got \(describe(node))")
        return nil
    }

    func int(_ node: YAMLNode, _ key: String, range: ClosedRange<Int>) -> Int? {
        guard case .scalar(let s, true, _) = node, let v = Int(s) else {
            issue(key, node.mark, "expected a whole number, got \(describe(node))")
            return nil
        }
        guard range.contains(v) else {
            issue(key, node.mark, "\(v) is out of range \(range.lowerBound)...\(range.upperBound)")
            return nil
        }
        return v
    }

    /// A finite number; `above` is exclusive, `atMost` inclusive.
    func number(_ node: YAMLNode, _ key: String, above: Double = -.infinity, atMost: Double = .infinity,
                unit: String = "") -> Double? {
        guard case .scalar(let s, true, _) = node, let v = Double(s), v.isFinite else {
            issue(key, node.mark, "expected a number\(unit.isEmpty ? "" : " in \(unit)"), got \(describe(node))")
            return nil
        }
        guard v > above, v <= atMost else {
            var bounds: [String] = []
            if above > -.infinity { bounds.append("more than \(formatNumber(above))") }
            if atMost < .infinity { bounds.append("at most \(formatNumber(atMost))") }
            issue(key, node.mark, "\(formatNumber(v)) must be \(bounds.joined(separator: " and "))\(unit.isEmpty ? "" : " \(unit)")")
            return nil
        }
        return v
    }

    func list(_ node: YAMLNode, _ key: String) -> [YAMLNode]? {
        guard case .sequence(let items, _) = node else {
            issue(key, node.mark, "expected a list, got \(node.kindName)")
            return nil
        }
        return items
    }

    func enumValue<E: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ key: String, _ type: E.Type) -> E?
    where E.RawValue == String {
        if case .scalar(let s, _, _) = node, withoutNUL(s, node, key) == nil { return nil }
        guard case .scalar(let s, _, _) = node, let v = E(rawValue: s) else {
            let known = E.allCases.map(\.rawValue).joined(separator: ", ")
            issue(key, node.mark, "expected one of: \(known); got \(describe(node))")
            return nil
        }
        return v
    }

    func describe(_ node: YAMLNode) -> String {
        switch node {
        case .scalar(let s, _, _): return "\"\(s.count > 60 ? String(s.prefix(60)) + "..." : s)\""
        default: return node.kindName
        }
    }

    private func formatNumber(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}
