import Navigation

/// What `edgeswipe run` was asked for, as typed values: the command line parsed, nothing opened or read yet.
public struct ServiceOptions: Sendable {
    public enum Backend: String, Sendable {
        /// Touchscreens through libinput (calibration, quirks), touchpads raw through libevdev.
        case auto
        /// Everything through libevdev.
        case evdev
    }

    /// `--replay FILE`: a recording played into the service in recorded time, as a device.
    public struct Replay: Sendable {
        var path: String
        /// Seconds between the start (or the first event stream) and the recording's first event.
        var delaySeconds: Double
        /// Start when the first HTTP event stream opens rather than at once.
        var startsOnStream: Bool

        public init(path: String, delaySeconds: Double = 0.5, startsOnStream: Bool = false) {
            self.path = path
            self.delaySeconds = delaySeconds
            self.startsOnStream = startsOnStream
        }
    }

    /// `--http PORT` and the options that go with it (the token file is read when the service starts).
    public struct HTTP: Sendable {
        var port: UInt16?
        var tokenPath: String?
        var origins: [String]
        var webRoot: String?
        /// `--http-allow-non-loopback`: serve a passed socket on another address, with a warning.
        var allowNonLoopback: Bool

        public init(port: UInt16? = nil, tokenPath: String? = nil, origins: [String] = [], webRoot: String? = nil,
                    allowNonLoopback: Bool = false) {
            self.port = port
            self.tokenPath = tokenPath
            self.origins = origins
            self.webRoot = webRoot
            self.allowNonLoopback = allowNonLoopback
        }
    }

    var configPath: String?
    /// Overrides the configuration's `socket.path`, in every configuration loaded (reloads too).
    var socketPath: String?
    var stack: [ScreenSpec]
    var backend: Backend
    /// `--verbose`: debug lines in the log, the state machines' transitions among them (DaemonLog.transitionSink).
    var verbose: Bool
    /// Device nodes to open; empty: every device udev tags, with hotplug.
    var devices: [String]
    var http: HTTP
    var replay: Replay?
    /// Where udev keeps its state (tags and database); tests point it elsewhere.
    var udevDirectory: String
    /// `--own`: every device the service reads is owned, whatever the configuration says (docs/kiosk.md).
    var own: Bool
    /// The bus iio-sensor-proxy is on (`rotation: accelerometer`); nil: the system bus. Tests point it elsewhere.
    var systemBusAddress: String?

    public init(configPath: String? = nil, socketPath: String? = nil, stack: [ScreenSpec],
                backend: Backend = .auto, verbose: Bool = false, devices: [String] = [], http: HTTP = HTTP(),
                replay: Replay? = nil, udevDirectory: String = "/run/udev", own: Bool = false, systemBusAddress: String? = nil) {
        self.configPath = configPath
        self.socketPath = socketPath
        self.stack = stack
        self.backend = backend
        self.verbose = verbose
        self.devices = devices
        self.http = http
        self.replay = replay
        self.udevDirectory = udevDirectory
        self.own = own
        self.systemBusAddress = systemBusAddress
    }
}

/// Why the service did not start: a usage error (options that do not go together) or a failure (a file, a
/// device, a socket), with the message to print.
public enum ServiceStartError: Error, CustomStringConvertible {
    case usage(String)
    case failed(String)

    public var description: String {
        switch self {
        case .usage(let m), .failed(let m): return m
        }
    }
}
