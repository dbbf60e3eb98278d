import Gestures
import TouchInput

/// Walks a configuration document, collecting every problem with its key path and line instead of stopping
/// at the first. Each `read...` returns nil after recording an issue.
final class ConfigReader {
    let file: String
    private(set) var issues: [ConfigIssue] = []

    init(file: String) { self.file = file }

    func issue(_ key: String, _ mark: ConfigMark, _ message: String) {
        issues.append(ConfigIssue(file: file, line: mark.line, key: key, message: message))
    }

    /// The entries of a mapping, after checking for unknown and duplicate keys.
    func mapping(_ node: ConfigNode, _ key: String, known: [String]) -> [String: ConfigEntry]? {
        guard case .mapping(let entries, _) = node else {
            issue(key, node.mark, "expected a mapping, got \(node.kindName)")
            return nil
        }
        var out: [String: ConfigEntry] = [:]
        for e in entries {
            let path = key.isEmpty ? e.key : "\(key).\(e.key)"
            if !known.contains(e.key) {
                issue(path, e.keyMark, "unknown key; expected one of: \(known.joined(separator: ", "))")
            } else if let first = out[e.key] {
                issue(path, e.keyMark, "duplicate key (first given on line \(first.keyMark.line))")
            } else {
                out[e.key] = e
            }
        }
        return out
    }

    func string(_ node: ConfigNode, _ key: String) -> String? {
        guard case .scalar(let s, _, _) = node else {
            issue(key, node.mark, "expected a string, got \(node.kindName)")
            return nil
        }
        return s
    }

    func bool(_ node: ConfigNode, _ key: String) -> Bool? {
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

    func int(_ node: ConfigNode, _ key: String, range: ClosedRange<Int>) -> Int? {
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
    func number(_ node: ConfigNode, _ key: String, above: Double = -.infinity, atMost: Double = .infinity,
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

    func list(_ node: ConfigNode, _ key: String) -> [ConfigNode]? {
        guard case .sequence(let items, _) = node else {
            issue(key, node.mark, "expected a list, got \(node.kindName)")
            return nil
        }
        return items
    }

    func enumValue<E: RawRepresentable & CaseIterable>(_ node: ConfigNode, _ key: String, _ type: E.Type) -> E?
    where E.RawValue == String {
        guard case .scalar(let s, _, _) = node, let v = E(rawValue: s) else {
            let known = E.allCases.map(\.rawValue).joined(separator: ", ")
            issue(key, node.mark, "expected one of: \(known); got \(describe(node))")
            return nil
        }
        return v
    }

    func describe(_ node: ConfigNode) -> String {
        switch node {
        case .scalar(let s, _, _): return "\"\(s.count > 60 ? String(s.prefix(60)) + "..." : s)\""
        default: return node.kindName
        }
    }

    private func formatNumber(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}
