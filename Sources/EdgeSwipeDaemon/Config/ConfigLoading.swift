import TouchTrace
import YAMLDocument

extension DaemonConfig {
    /// Largest configuration file read: real ones are a few KiB, and the whole text and its tree are kept in
    /// memory while it is checked (docs/daemon.md).
    package static let maxFileBytes = 1 << 20

    /// Reads and validates a configuration file. Every problem is reported with its key and line.
    package static func load(path: String) throws(ConfigError) -> DaemonConfig {
        let bytes: [UInt8]
        do {
            bytes = try TextFile.bytes(path: path, maxBytes: maxFileBytes)
        } catch {
            throw ConfigError(issues: [ConfigIssue(file: path, line: error.line, key: "", message: error.message)])
        }
        return try parse(text: try ConfigText.decode(bytes, source: path), source: path)
    }

    /// Validates configuration text; `source` names it in messages.
    package static func parse(text: String, source: String) throws(ConfigError) -> DaemonConfig {
        if text.utf8.count > maxFileBytes {
            throw ConfigError(issues: [ConfigIssue(file: source, line: 0, key: "",
                                                   message: "\(text.utf8.count) bytes is larger than a configuration may be (\(maxFileBytes) bytes)")])
        }
        let root: YAMLNode?
        do {
            root = try YAMLNode.load(text: text, source: source)
        } catch {
            throw ConfigError(issues: [ConfigIssue(file: source, line: error.mark.line, key: "",
                                                   message: "not valid YAML: \(error.message)")])
        }
        return try from(document: root, source: source)
    }
}
