/// One problem in a configuration file.
public struct ConfigIssue: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// Dotted path of the key, e.g. `devices[2].thresholds.edge_zone_mm`.
    public var key: String
    public var message: String

    /// Line 0 means the whole file (it could not be read).
    public var description: String { "\(file)\(line > 0 ? ":\(line)" : ""): \(key.isEmpty ? "" : key + ": ")\(message)" }
}

/// A configuration that cannot be used, with every problem found (one per line of the description).
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var issues: [ConfigIssue]
    public init(issues: [ConfigIssue]) { self.issues = issues }
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
