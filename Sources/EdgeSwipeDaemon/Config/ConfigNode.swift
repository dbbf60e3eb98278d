/// A position in a configuration file (1-based).
public struct ConfigMark: Hashable, Sendable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// The YAML document as the configuration reader walks it: built from TouchTrace's libyaml loader
/// (see ConfigNode+YAML.swift), kept here so validation does not depend on the loader's shape.
public indirect enum ConfigNode: Hashable, Sendable {
    /// `plain` is false for quoted and block scalars: "null" in quotes is a string, not a null.
    case scalar(String, plain: Bool, ConfigMark)
    case sequence([ConfigNode], ConfigMark)
    /// Keys in file order, each with its own mark (errors about a key point at the key).
    case mapping([ConfigEntry], ConfigMark)

    public var mark: ConfigMark {
        switch self {
        case .scalar(_, _, let m), .sequence(_, let m), .mapping(_, let m): return m
        }
    }

    var kindName: String {
        switch self {
        case .scalar: return "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// A plain `null`, `~` or empty scalar.
    var isNull: Bool {
        if case .scalar(let s, true, _) = self { return s == "null" || s == "~" || s == "Null" || s == "NULL" || s.isEmpty }
        return false
    }
}

public struct ConfigEntry: Hashable, Sendable {
    public var key: String
    public var keyMark: ConfigMark
    public var value: ConfigNode
    public init(key: String, keyMark: ConfigMark, value: ConfigNode) {
        self.key = key
        self.keyMark = keyMark
        self.value = value
    }
}

/// One problem in a configuration file.
public struct ConfigIssue: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// Dotted path of the key, e.g. `devices[2].thresholds.edge_zone_mm`.
    public var key: String
    public var message: String

    public var description: String { "\(file):\(line): \(key.isEmpty ? "" : key + ": ")\(message)" }
}

/// A configuration that cannot be used, with every problem found (one per line of the description).
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var issues: [ConfigIssue]
    public init(issues: [ConfigIssue]) { self.issues = issues }
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
