import EdgeSwipeControl
import TouchModel

/// What `edgeswipe feedback` tells the service about the compositor's outputs (`reportOutput`, docs/protocol.md
/// "Outputs and rotation: auto"), so `rotation: auto` follows the screen with no compositor hook: every output
/// once when a connection is made (a restarted service knows none), then an output again whenever its state
/// changes (wl_output's `done`), never the same state twice on one connection. Pure: SessionProgram feeds it the
/// outputs as they are and sends what it returns.
public struct OutputReporter: Sendable {
    private var connected = false
    /// What this connection has been sent, by output name.
    private var sent: [String: OutputReport] = [:]
    /// Error answers said already (by output and code), so a service that refuses says so once.
    private var saidErrors = SayOnce()

    public init() {}

    /// A connection to the service was made: every output is sent again.
    public mutating func connected(_ outputs: [OutputReport]) -> [OutputReport] {
        connected = true
        sent = [:]
        return changed(outputs)
    }

    /// The connection was lost: nothing is sent until the next one, which sends everything.
    public mutating func disconnected() {
        connected = false
        sent = [:]
    }

    /// The outputs as they are now (after a `done`, or an output added or removed): those whose state this
    /// connection has not been sent. An output that went away is forgotten, so it is sent again if it returns.
    public mutating func outputsChanged(_ outputs: [OutputReport]) -> [OutputReport] {
        connected ? changed(outputs) : []
    }

    private mutating func changed(_ outputs: [OutputReport]) -> [OutputReport] {
        var now: [String: OutputReport] = [:]
        var toSend: [OutputReport] = []
        // Two outputs of one name (a compositor bug) would make the service flip between them: the first counts.
        for report in outputs where now[report.output] == nil {
            now[report.output] = report
            if sent[report.output] != report { toSend.append(report) }
        }
        sent = now
        return toSend
    }

    /// The request for `report`: its id names the output, so an error answer says which.
    public static func request(_ report: OutputReport) -> ControlRequest {
        ControlRequest(id: .string(idPrefix + report.output), command: .reportOutput(report))
    }

    static let idPrefix = "reportOutput "

    /// The service's answer to one of `request`'s lines: what to say about it (an error, the first time that
    /// output gets that error), or nil (a reply, an error already said, or a line that is not an answer to a report).
    public mutating func answer(_ line: ServiceLine) -> String? {
        guard case .error(let error) = line, case .string(let id)? = error.id, id.hasPrefix(Self.idPrefix),
              let code = error.code else { return nil }
        let output = String(id.dropFirst(Self.idPrefix.count))
        var message = "the service refused the report of output \(output) (\(code)"
        if let m = error.message { message += ": " + m }
        message += ")"
        if code == "unknownCommand" || code == "unsupportedProtocol" {
            message += "; it is older than reportOutput, so rotation: auto does not follow this session's outputs"
        }
        return saidErrors.message(output + " " + code, message)
    }
}

extension OutputReporter {
    /// One wl_output's state as an `OutputReport`: `name` from wl_output (version 4) or xdg-output, `transform`
    /// wl_output.transform's value (0-7), the physical size in mm (0: unknown), the current mode in pixels and the
    /// integer scale. Nil for an output without a name (nothing to report it as) or a transform outside 0-7; sizes
    /// outside what the service takes (OutputReport's bounds) are left out rather than sent to be refused.
    ///
    /// The report's transform is the turn in sway's clockwise naming (what a sway hook passes to `edgeswipe
    /// report-output`), the inverse of what wl_output.transform tells a client; `OutputOrientation(wlOutputTransform:)`
    /// converts, so feedback's report equals the hook's under sway and is right under compositors that do not rename.
    public static func report(name: String?, transform: Int, physicalWidthMM: Int, physicalHeightMM: Int,
                              modeWidth: Int, modeHeight: Int, scale: Int) -> OutputReport? {
        guard let name, OutputName.problem(name) == nil,
              let orientation = OutputOrientation(wlOutputTransform: transform) else { return nil }
        // Below a screen's smallest side the size is no output's (an EDID's aspect ratio, 16x9): unknown.
        func mm(_ v: Int) -> Double? { (OutputReport.minMM...OutputReport.maxMM).contains(Double(v)) ? Double(v) : nil }
        func pixels(_ v: Int) -> Int? { (1...OutputReport.maxPixels).contains(v) ? v : nil }
        let w = mm(physicalWidthMM), h = mm(physicalHeightMM)
        let pw = pixels(modeWidth), ph = pixels(modeHeight)
        return OutputReport(output: name, orientation: orientation,
                            widthMM: w != nil && h != nil ? w : nil, heightMM: w != nil && h != nil ? h : nil,
                            widthPixels: pw != nil && ph != nil ? pw : nil, heightPixels: pw != nil && ph != nil ? ph : nil,
                            scale: Double(scale) <= OutputReport.maxScale && scale >= 1 ? Double(scale) : nil)
    }
}
