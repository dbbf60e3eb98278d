import EdgeSwipeControl
import TouchModel

/// `edgeswipe report-output --output NAME --transform T`: tells the service an output's transform (and size), for
/// a compositor hook or a key binding that turns the output; `edgeswipe feedback` does the same on every wl_output
/// change. Touchscreens with `rotation: auto` on that output follow it (docs/protocol.md, `reportOutput`).
enum ReportOutputCommand: Subcommand {
    static let name = "report-output"
    static let summary = "Tell the service an output's transform and size (rotation: auto follows it); for compositor hooks."
    static let positionalUsage = ""
    static let positionalRange = 0...0
    static let discussion = """
        --transform names the turn as sway does, clockwise: sway's `output NAME \
        transform 90` is --transform 90 (the panel turned 90 degrees counter-clockwise, its native bottom edge \
        now on the user's right; a panel turned clockwise is 270). Flipped transforms are named as sway names \
        them (flipped-90) or with --flipped. Compositors that give wl_output's value (Hyprland's monitor \
        transform, 0-7) pass it with --wl-transform instead: 1 is sway's 270. Prints the service's answer: the devices that follow the output, and whether a finger down \
        holds the change until it lifts. Exits 1 naming the service's error when it refuses the report or the
        connection (tooManyClients, permissionDenied), and when it does not answer within 2 s.
        """

    struct Options: CommandOptions {
        static let output = OptionSpec(name: "output", short: "o", valueName: "NAME", help: "The output, as the compositor names it (HDMI-A-1).")
        static let transform = OptionSpec(name: "transform", short: "t", valueName: "T",
                                          help: "0, 90, 180 or 270 (or normal, flipped, flipped-90, flipped-180, flipped-270).")
        static let wlTransform = OptionSpec(name: "wl-transform", short: nil, valueName: "N",
                                            help: "wl_output.transform's value, 0-7, as Hyprland's monitor transform gives it (instead of --transform).")
        static let flipped = OptionSpec(name: "flipped", short: nil, valueName: nil, help: "The output is mirrored (a flipped transform).")
        static let size = OptionSpec(name: "size", short: nil, valueName: "WxH", help: "The output's physical size in mm, native orientation (e.g. 344x194), each side 10 to 5000.")
        static let socket = OptionSpec(name: "socket", short: nil, valueName: "PATH",
                                       help: "Control socket; default: \(ControlProtocol.defaultSocketPath).")
        static let options = [output, transform, wlTransform, flipped, size, socket]

        var report: OutputReport
        var socketPath: String

        init(_ a: ParsedArguments) throws(UsageError) {
            guard let name = a.string(Self.output) else { throw UsageError("--output NAME is required") }
            if let problem = OutputName.problem(name) { throw UsageError("--output '\(name)': \(problem)") }
            let rule = "must be 0, 90, 180, 270, normal, flipped, flipped-90, flipped-180 or flipped-270"
            let named = try a.value(Self.transform, rule: rule) { text in OutputOrientation(name: text == "0" ? "normal" : text) }
            let wl = try a.value(Self.wlTransform, rule: "must be 0 to 7 (wl_output.transform's enum)") { text in
                Int(text).flatMap(OutputOrientation.init(wlOutputTransform:))
            }
            if named != nil && wl != nil { throw UsageError("--transform and --wl-transform name the same thing: give one") }
            guard var orientation = named ?? wl else { throw UsageError("--transform T (or --wl-transform N) is required") }
            if a.flag(Self.flipped) { orientation.flipped = true }
            // A screen's side at least (issue 33: 0.001x0.001 was taken), which wl_output's sizes are too.
            let sizeRule = "must be WxH in millimetres, each side from \(Int(PhysicalSize.minSideMM)) to \(Int(PhysicalSize.maxSideMM)), e.g. 344x194"
            let size = try a.value(Self.size, rule: sizeRule) { text in PhysicalSize(parsing: text).flatMap { $0.isScreenSized ? $0 : nil } }
            report = OutputReport(output: name, orientation: orientation, widthMM: size?.widthMM, heightMM: size?.heightMM,
                                  persistent: true)  // a hook's report outlives the command (withdrawOutput ends it)
            socketPath = a.string(Self.socket) ?? ControlProtocol.defaultSocketPath
        }
    }

    static func run(_ o: Options) throws -> ExitStatus {
        switch try ControlClient.request(ControlRequest(command: .reportOutput(o.report)), path: o.socketPath) {
        case .reply(let reply):
            Output.stdout(String(decoding: reply.result.encodedLine(), as: UTF8.self))
            return .success
        case .error(let error):
            Output.stderr("edgeswipe report-output: \(error.message ?? "the service refused the report")")
            return .failure
        default:
            Output.stderr("edgeswipe report-output: the service answered with a line that is neither a reply nor an error")
            return .failure
        }
    }
}
