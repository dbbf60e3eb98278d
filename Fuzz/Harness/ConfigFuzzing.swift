import EdgeSwipeDaemon
import TouchTrace
import TouchModel
import YAMLDocument

/// Daemon configuration text. Either a config, or an error whose every issue names the source, a line inside
/// the text and a message.
enum ConfigFuzzing {
    static func run(_ data: UnsafeRawBufferPointer) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        let source = "fuzz.yaml"
        do {
            let config = try DaemonConfig.parse(text: text, source: source)
            _ = config.settings(forEntry: config.devices.isEmpty ? nil : config.devices.count - 1)
            return []
        } catch {
            var copy = text
            let lines = copy.withUTF8 { 1 + yamlLineBreaks(UnsafeRawBufferPointer($0)).count }
            var problems: [String] = []
            if error.issues.isEmpty { problems.append("config error without issues") }
            for issue in error.issues {
                if issue.file != source { problems.append("issue names \(issue.file), not \(source)") }
                if issue.line < 0 || issue.line > lines { problems.append("issue line \(issue.line) outside 0...\(lines)") }
                if issue.message.isEmpty { problems.append("issue without a message: \(issue)") }
            }
            _ = error.description
            return problems
        }
    }
}
