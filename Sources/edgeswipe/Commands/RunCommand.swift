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

    struct Options: CommandOptions {
        static let config = OptionSpec(name: "config", short: "c", valueName: "FILE", help: "Configuration file (YAML); default: built-in defaults.")
        static let stack = OptionSpec(name: "stack", short: nil, valueName: "SPEC", help: "Initial navigation stack (default 'home'); the front end may replace it.")
        static let socket = OptionSpec(name: "socket", short: nil, valueName: "PATH", help: "Control socket path, overriding the configuration.")
        static let backend = OptionSpec(name: "backend", short: nil, valueName: "auto|evdev",
                                        help: "auto (default): touchscreens through libinput (calibration, quirks), touchpads raw through libevdev; evdev: everything through libevdev.")
        static let verbose = OptionSpec(name: "verbose", short: "v", valueName: nil, help: "Log debug messages, the state machines' transitions among them (\"state -> event -> state\": recognizers, decoder, ownership's hold forwarder, navigation).")
        static let http = OptionSpec(name: "http", short: nil, valueName: "PORT",
                                     help: "Also serve the protocol over HTTP on 127.0.0.1 and ::1 (docs/kiosk.md; \(HTTPOptions.defaultPort) is usual, 0 picks one).")
        static let httpToken = OptionSpec(name: "http-token", short: nil, valueName: "FILE", help: "Bearer token file for --http (mode 0600 or stricter).")
        static let httpOrigin = OptionSpec(name: "http-origin", short: nil, valueName: "ORIGIN",
                                           help: "Browser origin allowed besides the endpoint's own, e.g. http://localhost:3000.", repeatable: true)
        static let webRoot = OptionSpec(name: "web-root", short: nil, valueName: "DIR", help: "Serve the kiosk page from DIR (e.g. web/) at / with --http.")
        static let httpAllowNonLoopback = OptionSpec(name: "http-allow-non-loopback", short: nil, valueName: nil,
                                                     help: "Serve an HTTP socket passed by systemd that is not bound to a loopback address (with a warning); without it such a socket is refused.")
        static let replay = OptionSpec(name: "replay", short: nil, valueName: "FILE",
                                       help: "Play a recording into the service in recorded time, as a device (instead of live devices unless DEVICEs are named).")
        static let replayDelay = OptionSpec(name: "replay-delay", short: nil, valueName: "SECONDS", help: "Wait before the recording plays (default 0.5).")
        static let replayOnStream = OptionSpec(name: "replay-on-stream", short: nil, valueName: nil,
                                               help: "Start the recording (after --replay-delay) when the first HTTP event stream opens.")
        static let own = OptionSpec(name: "own", short: nil, valueName: nil,
                                    help: "Ownership mode for every device (as 'own: true' in the configuration): grab it (EVIOCGRAB) and forward its touches, except edge gestures', through a uinput clone with the same name and ids (marked by input property 0x1f, which the service never reads); owned touchscreens are read through libevdev whatever --backend says. See docs/kiosk.md.")
        static let options = [config, stack, socket, backend, verbose, own, http, httpToken, httpOrigin, webRoot, httpAllowNonLoopback,
                              replay, replayDelay, replayOnStream]

        /// The command line as the service's typed options.
        var service: ServiceOptions

        init(_ a: ParsedArguments) throws(UsageError) {
            let backend = try a.value(Self.backend, rule: "must be auto or evdev") { ServiceOptions.Backend(rawValue: $0) } ?? .auto
            let stack = try a.value(Self.stack, StackSpec.parse) ?? [ScreenSpec(name: "home", kind: .plain)]
            let port = try a.value(Self.http) { text throws(InvalidValue) in
                guard let port = UInt16(text) else { throw InvalidValue("expected a port number 0-65535, got '\(text)'") }
                return port
            }
            let http = ServiceOptions.HTTP(port: port, tokenPath: a.string(Self.httpToken), origins: a.strings(Self.httpOrigin),
                                           webRoot: a.string(Self.webRoot), allowNonLoopback: a.flag(Self.httpAllowNonLoopback))
            var replay: ServiceOptions.Replay?
            if let path = a.string(Self.replay) {
                let delay = try a.value(Self.replayDelay) { text throws(InvalidValue) in
                    guard let delay = Double(text), delay >= 0, delay <= 3600 else {
                        throw InvalidValue("expected seconds between 0 and 3600, got '\(text)'")
                    }
                    return delay
                } ?? 0.5
                replay = ServiceOptions.Replay(path: path, delaySeconds: delay, startsOnStream: a.flag(Self.replayOnStream))
            } else if a.string(Self.replayDelay) != nil || a.flag(Self.replayOnStream) {
                throw UsageError("--replay-delay and --replay-on-stream need --replay FILE")
            }
            service = ServiceOptions(configPath: a.string(Self.config), socketPath: a.string(Self.socket), stack: stack,
                                     backend: backend, verbose: a.flag(Self.verbose), devices: a.positionals, http: http,
                                     replay: replay, own: a.flag(Self.own))
        }
    }

    /// A `ServiceStartError.usage` reaches main.swift as it is, which reports it with exit status 64.
    static func run(_ o: Options) throws -> ExitStatus {
        // First, before any thread exists: the signals must reach the signalfd, not kill the process.
        try ServiceSignals.blockSignals()
        try EdgeSwipeService(options: o.service).run()
        return .success
    }
}
