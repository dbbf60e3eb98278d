import EdgeSwipeDaemon
import Navigation

/// `edgeswipe run`: the service (`EdgeSwipeService`). Touch devices (tagged by udev/70-edgeswipe.rules, or
/// named), recognizers, the navigation stack, the control socket, actions, sd_notify; SIGHUP reloads the
/// configuration. This command only turns its options into `ServiceOptions`.
enum RunCommand: Subcommand {
    static let name = "run"
    static let summary = "Run the service: live edge swipes drive the navigation stack and the control socket."
    static let positionalUsage = "[DEVICE...]"
    static let positionalRange = 0...Int.max
    static let discussion = """
        Without DEVICE, every touch device udev tags 'edgeswipe' (udev/70-edgeswipe.rules), with hotplug.
        Keyboards and mice are never opened. SIGHUP reloads the configuration (a bad file keeps the old one);
        SIGTERM/SIGINT stop. See docs/daemon.md and docs/protocol.md.
        """
    static let options: [OptionSpec] = [
        OptionSpec(name: "config", short: "c", valueName: "FILE", help: "Configuration file (YAML); default: built-in defaults."),
        OptionSpec(name: "stack", short: nil, valueName: "SPEC", help: "Initial navigation stack (default 'home'); the front end may replace it."),
        OptionSpec(name: "socket", short: nil, valueName: "PATH", help: "Control socket path, overriding the configuration."),
        OptionSpec(name: "backend", short: nil, valueName: "auto|evdev",
                   help: "auto (default): touchscreens through libinput (calibration, quirks), touchpads raw through libevdev; evdev: everything through libevdev."),
        OptionSpec(name: "verbose", short: "v", valueName: nil, help: "Log debug messages."),
        OptionSpec(name: "http", short: nil, valueName: "PORT",
                   help: "Also serve the protocol over HTTP on 127.0.0.1 and ::1 (docs/kiosk.md; \(HTTPOptions.defaultPort) is usual, 0 picks one)."),
        OptionSpec(name: "http-token", short: nil, valueName: "FILE", help: "Bearer token file for --http (mode 0600 or stricter)."),
        OptionSpec(name: "http-origin", short: nil, valueName: "ORIGIN",
                   help: "Browser origin allowed besides the endpoint's own, e.g. http://localhost:3000.", repeatable: true),
        OptionSpec(name: "web-root", short: nil, valueName: "DIR", help: "Serve the kiosk page from DIR (e.g. web/) at / with --http."),
        OptionSpec(name: "replay", short: nil, valueName: "FILE",
                   help: "Play a recording into the service in recorded time, as a device (instead of live devices unless DEVICEs are named)."),
        OptionSpec(name: "replay-delay", short: nil, valueName: "SECONDS", help: "Wait before the recording plays (default 0.5)."),
        OptionSpec(name: "replay-on-stream", short: nil, valueName: nil,
                   help: "Start the recording (after --replay-delay) when the first HTTP event stream opens."),
    ]

    static func run(_ a: ParsedArguments) throws -> ExitStatus {
        // First, before any thread exists: the signals must reach the signalfd, not kill the process.
        try ServiceSignals.blockSignals()
        let options = try serviceOptions(a)
        do {
            try EdgeSwipeService(options: options).run()
        } catch let error as ServiceStartError {
            switch error {
            case .usage(let message): throw UsageError(message)
            case .failed(let message): throw RuntimeError(message)
            }
        }
        return .success
    }

    /// The command line as typed values; usage errors for values that cannot be what they name.
    static func serviceOptions(_ a: ParsedArguments) throws -> ServiceOptions {
        guard let backend = ServiceOptions.Backend(rawValue: a.value("backend") ?? "auto") else {
            throw UsageError("--backend '\(a.value("backend") ?? "")' must be auto or evdev")
        }
        let stack: [ScreenSpec]
        do { stack = try StackSpec.parse(a.value("stack") ?? "home") } catch { throw UsageError("--stack: \(error)") }
        var port: UInt16?
        if let portText = a.value("http") {
            guard let p = UInt16(portText) else { throw UsageError("--http: expected a port number 0-65535, got '\(portText)'") }
            port = p
        }
        let http = ServiceOptions.HTTP(port: port, tokenPath: a.value("http-token"), origins: a.all("http-origin"),
                                       webRoot: a.value("web-root"))
        var replay: ServiceOptions.Replay?
        if let path = a.value("replay") {
            let delayText = a.value("replay-delay") ?? "0.5"
            guard let delay = Double(delayText), delay >= 0, delay <= 3600 else {
                throw UsageError("--replay-delay: expected seconds between 0 and 3600, got '\(delayText)'")
            }
            replay = ServiceOptions.Replay(path: path, delaySeconds: delay, startsOnStream: a.flag("replay-on-stream"))
        } else if a.value("replay-delay") != nil || a.flag("replay-on-stream") {
            throw UsageError("--replay-delay and --replay-on-stream need --replay FILE")
        }
        return ServiceOptions(configPath: a.value("config"), socketPath: a.value("socket"), stack: stack, backend: backend,
                              verbose: a.flag("verbose"), devices: a.positionals, http: http, replay: replay)
    }
}
