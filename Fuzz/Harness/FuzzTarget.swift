import EdgeSwipeControl
/// The fuzz targets. Each takes arbitrary bytes, runs them through one parser or state machine, and returns the
/// invariants the input broke (empty when it was handled cleanly). A crash inside the code under test is a crash;
/// a broken invariant makes the libFuzzer entry trap, and a regression test fail.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// evemu files through `TraceReader.read(text:source:)`.
    case evemu
    /// `libinput record` files through the same entry (format detection included).
    case libinputRecord = "libinput-record"
    /// The multitouch decoder fed event streams against fixed devices (protocol A, B, single-touch, no resolution).
    case decoder
    /// Recognizers + GestureArena + NavigationSession fed frames, deadlines and stack operations.
    case arena
    /// The control protocol: bytes through LineFramer, each line through ControlProtocol.respond.
    case control
    /// The daemon's YAML configuration parser.
    case config
    /// `BearerToken.matches` against array equality (issue 14).
    case token
    /// Control commands on a real navigation stack during transitions and interactive pops (issue 14).
    case navigationQueue = "navigation-queue"
    /// An owned device's events through its pipeline and HoldForwarder: what the clone gets (issue 34).
    case forwarder

    public func run(_ data: UnsafeRawBufferPointer) -> [String] {
        switch self {
        case .evemu: return TraceFuzzing.run(data, source: "fuzz.evemu")
        case .libinputRecord: return TraceFuzzing.run(data, source: "fuzz.yml")
        case .decoder: return DecoderFuzzing.run(data)
        case .arena: return ArenaFuzzing.run(data)
        case .control: return ControlFuzzing.run(data)
        case .config: return ConfigFuzzing.run(data)
        case .token: return TokenFuzzing.run(data)
        case .navigationQueue: return NavigationQueueFuzzing.run(data)
        case .forwarder: return ForwarderFuzzing.run(data)
        }
    }

    public func run(_ bytes: [UInt8]) -> [String] {
        bytes.withUnsafeBytes { run($0) }
    }
}
