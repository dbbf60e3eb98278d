#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeDaemon

// `edgeswipe SUBCOMMAND [OPTIONS]`, in the style of the libinput tool.

let subcommands: [any Subcommand.Type] = [
    DemoCommand.self,
    ReplayCommand.self,
    RecordCommand.self,
    ListDevicesCommand.self,
    DebugEventsCommand.self,
    PlotCommand.self,
    CalibrateCommand.self,
    AccuracyCommand.self,
    TuneCommand.self,
    RunCommand.self,
    CheckConfigCommand.self,
    DoctorCommand.self,
    FeedbackCommand.self,
    ReportOutputCommand.self,
]

@MainActor func topLevelHelp() -> String {
    var lines = ["Usage: edgeswipe SUBCOMMAND [OPTIONS]", "",
                 "Edge-swipe recognition and swipe-back navigation for Linux touch hardware.", "", "Subcommands:"]
    for c in subcommands {
        lines.append("  " + c.name + String(repeating: " ", count: max(1, 15 - c.name.count)) + c.summary)
    }
    lines += ["", "Run 'edgeswipe SUBCOMMAND --help' for a subcommand's options.",
              "Exit status: 0 success, 1 runtime failure, 64 usage error."]
    return lines.joined(separator: "\n")
}

@MainActor func runMain(_ argv: [String]) -> Int32 {
    guard let first = argv.first else {
        Output.stderr(topLevelHelp())
        return ExitStatus.usage.rawValue
    }
    if first == "--help" || first == "-h" || first == "help" {
        Output.stdout(topLevelHelp())
        return ExitStatus.success.rawValue
    }
    if first == "--version" {
        Output.stdout("edgeswipe \(edgeswipeVersion)")
        return ExitStatus.success.rawValue
    }
    guard let command = subcommands.first(where: { $0.name == first }) else {
        Output.stderr("edgeswipe: unknown subcommand '\(first)'\n\n" + topLevelHelp())
        return ExitStatus.usage.rawValue
    }
    do {
        let parsed = try command.parse(Array(argv.dropFirst()))
        if parsed.helpRequested {
            Output.stdout(command.helpText())
            return ExitStatus.success.rawValue
        }
        return try command.run(parsed: parsed).rawValue
    } catch {
        // The one place errors are printed: usage errors (ours, or the service's about its options) with a
        // pointer to --help and status 64; everything else as the library describes it, status 1.
        if let usage = usageMessage(error) {
            Output.stderr("edgeswipe \(command.name): \(usage)\nRun 'edgeswipe \(command.name) --help' for usage.")
            return ExitStatus.usage.rawValue
        }
        Output.stderr("edgeswipe \(command.name): " + TerminalText.escaped("\(error)", keepLineBreaks: true))
        return ExitStatus.failure.rawValue
    }
}

/// The message of an error that is the command line's fault, nil for any other.
func usageMessage(_ error: any Error) -> String? {
    switch error {
    case let usage as UsageError: return usage.message
    case ServiceStartError.usage(let message): return message
    default: return nil
    }
}

let edgeswipeVersion = "0.1.0"
let argv = Array(CommandLine.arguments.dropFirst())
let program = argv.first.map { name in subcommands.contains { $0.name == name } ? "edgeswipe \(name)" : "edgeswipe" } ?? "edgeswipe"
// Whatever ran, every output is closed and checked here: a failed write is reported and the status becomes 1.
exit(Output.finish(status: runMain(argv), program: program))
