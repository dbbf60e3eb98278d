/// One problem in a configuration file.
package struct ConfigIssue: Hashable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int
    /// Dotted path of the key, e.g. `devices[2].thresholds.edge_zone_mm`.
    package var key: String
    package var message: String

    /// Line 0 means the whole file (it could not be read).
    package var description: String { "\(file)\(line > 0 ? ":\(line)" : ""): \(key.isEmpty ? "" : key + ": ")\(message)" }
}

/// A configuration that cannot be used, with every problem found (one per line of the description).
package struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    package var issues: [ConfigIssue]
    package init(issues: [ConfigIssue]) { self.issues = issues }
    package var description: String { issues.map(\.description).joined(separator: "\n") }
}
