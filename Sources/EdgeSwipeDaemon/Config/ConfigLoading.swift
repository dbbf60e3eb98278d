import TouchTrace

extension DaemonConfig {
    /// Reads and validates a configuration file. Every problem is reported with its key and line.
    public static func load(path: String) throws(ConfigError) -> DaemonConfig {
        let text: String
        do {
            text = try TextFile.read(path: path)
        } catch {
            throw ConfigError(issues: [ConfigIssue(file: path, line: 0, key: "", message: error.message)])
        }
        return try parse(text: text, source: path)
    }

    /// Validates configuration text; `source` names it in messages.
    public static func parse(text: String, source: String) throws(ConfigError) -> DaemonConfig {
        let root: YAMLNode?
        do {
            root = try YAMLNode.load(text: text, source: source)
        } catch {
            throw ConfigError(issues: [ConfigIssue(file: source, line: error.mark.line, key: "",
                                                   message: "not valid YAML: \(error.message)")])
        }
        var issues: [ConfigIssue] = []
        let document = root.map { ConfigNode($0, source: source, issues: &issues) }
        if !issues.isEmpty { throw ConfigError(issues: issues) }
        return try from(document: document, source: source)
    }
}

extension ConfigNode {
    /// From libyaml's tree. Mapping keys must be scalars; other keys are reported.
    init(_ node: YAMLNode, source: String, issues: inout [ConfigIssue]) {
        switch node {
        case .scalar(let s, let plain, let mark):
            self = .scalar(s, plain: plain, ConfigMark(mark))
        case .sequence(let items, let mark):
            self = .sequence(items.map { ConfigNode($0, source: source, issues: &issues) }, ConfigMark(mark))
        case .mapping(let entries, let mark):
            var out: [ConfigEntry] = []
            for e in entries {
                guard case .scalar(let key, _, let keyMark) = e.key else {
                    issues.append(ConfigIssue(file: source, line: e.key.mark.line, key: "",
                                              message: "a mapping key must be a plain name, not a list or mapping"))
                    continue
                }
                out.append(ConfigEntry(key: key, keyMark: ConfigMark(keyMark),
                                       value: ConfigNode(e.value, source: source, issues: &issues)))
            }
            self = .mapping(out, ConfigMark(mark))
        }
    }
}

extension ConfigMark {
    init(_ m: YAMLMark) { self.init(line: m.line, column: m.column) }
}
