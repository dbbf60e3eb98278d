import EdgeSwipeDaemon

/// `edgeswipe check-config FILE`: validates a service configuration, naming key and line of each problem.
enum CheckConfigCommand: Subcommand {
    static let name = "check-config"
    static let summary = "Validate a service configuration file (YAML); every problem names its key and line."
    static let positionalUsage = "FILE"
    static let positionalRange = 1...1
    static let options: [OptionSpec] = []

    static func run(_ a: ParsedArguments) throws -> ExitStatus {
        let path = a.positionals[0]
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
