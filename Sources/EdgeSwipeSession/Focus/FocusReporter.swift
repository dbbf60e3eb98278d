import EdgeSwipeControl
import EdgeSwipeSystem
import TouchModel

/// Sends the focused window to the service (`reportFocus`, protocol 5): a focus source's changes go in
/// (`focusChanged`), the toolkit is read from the client's maps when the window has a pid (once per pid), and a
/// `FocusCoalescer` decides when a report goes (on change, at most one per frame, again at every connection).
/// The service's error answers are said once per code (an older service: said why, and nothing else changes).
final class FocusReporter {
    let source: FocusSource
    private var coalescer = FocusCoalescer<FocusReport>(waits: { $0.app == nil })
    private let timer: DeadlineTimer
    private let loop: EventLoop
    private let send: (ControlRequest) -> Bool
    private let readToolkit: (Int32) -> AppToolkit?
    private let say: (String) -> Void
    private var saidErrors = SayOnce()
    /// Toolkits read, by pid; cleared when it reaches `maxCachedPIDs` (a pid is reused only after a wrap).
    private var toolkits: [Int32: AppToolkit?] = [:]
    static let maxCachedPIDs = 64
    /// The reports sent, in order (for --verbose and tests).
    var onSent: ((FocusReport) -> Void)?
    /// The route each reply names (`result.route`), for --verbose.
    var onRoute: ((String) -> Void)?

    static let requestID = JSONValue.string("reportFocus")

    init(loop: EventLoop, source: FocusSource, say: @escaping (String) -> Void,
         readToolkit: @escaping (Int32) -> AppToolkit? = ProcessToolkit.read(pid:), send: @escaping (ControlRequest) -> Bool) throws {
        self.loop = loop
        self.source = source
        self.say = say
        self.readToolkit = readToolkit
        self.send = send
        timer = try DeadlineTimer(loop: loop)
        timer.onExpiry = { [unowned self] now in apply(coalescer.due(now: now)) }
    }

    /// The source says the focus is `window` now (nil: nothing focused).
    func focusChanged(_ window: FocusedWindow?) {
        apply(coalescer.observe(report(window), now: loop.now))
    }

    /// A connection to the service was made: the current focus goes again.
    func connected() { apply(coalescer.connected(now: loop.now)) }

    func disconnected() {
        coalescer.disconnected()
        try? timer.arm(at: nil)
    }

    /// The report for `window`: its values within the service's bounds, the toolkit of its pid.
    func report(_ window: FocusedWindow?) -> FocusReport {
        guard let window = window?.bounded else { return FocusReport(source: source, app: nil) }
        return FocusReport(source: source, app: FocusedApp(appID: window.appID, title: window.title, pid: window.pid,
                                                           toolkit: window.pid.flatMap(toolkit(of:))))
    }

    private func toolkit(of pid: Int32) -> AppToolkit? {
        if let known = toolkits[pid] { return known }
        if toolkits.count >= Self.maxCachedPIDs { toolkits.removeAll(keepingCapacity: true) }
        let read = readToolkit(pid)
        toolkits[pid] = .some(read)
        return read
    }

    private func apply(_ step: FocusCoalescer<FocusReport>.Step) {
        if let report = step.send {
            if send(ControlRequest(id: Self.requestID, command: .reportFocus(report))) { onSent?(report) }
        }
        do { try timer.arm(at: step.deadline) } catch { say("focus reports: \(error)") }
    }

    /// One line from the service: an answer to a report is said (an error, once per code) or passed on (the route).
    func answer(_ line: ServiceLine) {
        switch line {
        case .reply(let reply) where reply.id == Self.requestID:
            if let backRoute = reply.backRoute { onRoute?(backRoute.route) }
        case .error(let error) where error.id == Self.requestID:
            let code = error.code ?? "error"
            var message = "the service refused a focus report (\(code)" + (error.message.map { ": " + $0 } ?? "") + ")"
            if code == "unknownCommand" || code == "unsupportedProtocol" {
                let needed = ControlCommand.reportFocus(FocusReport(source: source, app: nil)).versionNamed ?? ControlProtocol.focusReportsVersion
                message += "; it is older than " + (needed == ControlProtocol.focusReportsVersion ? "reportFocus (protocol 5)"
                                                    : "reportFocus from \(source.rawValue) (protocol \(needed))")
                    + ", so a handed-off back takes its default key whatever app is focused"
            }
            saidErrors.say(code, message, to: say)
        default:
            break
        }
    }
}
