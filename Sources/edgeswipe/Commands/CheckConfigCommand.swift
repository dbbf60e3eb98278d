import EdgeSwipeDaemon

/// `edgeswipe check-config FILE`: validates a service configuration, naming key and line of each problem.
enum CheckConfigCommand: Subcommand {
    static let name = "check-config"
    static let summary = "Validate a service configuration file (YAML); every problem names its key and line."
    static let positionalUsage = "FILE"
    static let positionalRange = 1...1

    struct Options: CommandOptions {
        static let options: [OptionSpec] = []
        var path: String
        init(_ a: ParsedArguments) { path = a.positionals[0] }
    }

    /// The problems found are this command's report, printed here without the "edgeswipe check-config:"
    /// prefix of a failure (editors and CI parse "file:line: key: message").
    static func run(_ o: Options) throws -> ExitStatus {
        let path = o.path
        let config: DaemonConfig
        do {
            config = try DaemonConfig.load(path: path)
        } catch {
            Output.stderr("\(error)")
            return .failure
        }
        Output.stdout("\(path): valid: \(config.devices.count) device entr\(config.devices.count == 1 ? "y" : "ies"), select \(config.selection.rawValue), socket \(config.socket.path ?? "disabled")")
        return .success
    }
}
