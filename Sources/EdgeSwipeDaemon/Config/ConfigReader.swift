import Gestures
import TouchInput
import YAMLDocument

/// Walks a configuration document, collecting every problem with its key path and line instead of stopping
/// at the first. Each `read...` returns nil after recording an issue.
final class ConfigReader {
    let file: String
    private(set) var issues: [ConfigIssue] = []

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
        var out: [String: YAMLEntry] = [:]
        for e in entries {
            if known.contains(e.key) {
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
