import EdgeSwipeDaemon
import Gestures
import Navigation
import TouchInput
import TouchModel

/// The options shared by the commands that run the pipeline (replay, demo, plot, debug-events), decoded once
/// and included in each command's options, as argument-parser's `@OptionGroup` does.
struct PipelineOptionGroup: CommandOptions {
    static let size = OptionSpec(name: "size", short: nil, valueName: "WxH",
                                 help: "Surface size in mm, for devices whose axes have no resolution (e.g. 260x163).")
    static let rotation = OptionSpec(name: "rotation", short: nil, valueName: "DEG",
                                     help: "Screen rotation: 0, 90, 180 or 270 (default 0).")
    static let calibration = OptionSpec(name: "calibration", short: nil, valueName: "\"a b c d e f\"",
                                        help: "libinput-style 2x3 calibration matrix on normalised coordinates.")
    static let edges = OptionSpec(name: "edges", short: nil, valueName: "LIST",
                                  help: "Recognizers to run, e.g. 'left' or 'left,right,left:2' (edge[:fingers]); default 'left'.")
    static let stack = OptionSpec(name: "stack", short: nil, valueName: "SPEC",
                                  help: "Navigation stack, bottom first: 'home,inbox:header,message:header' (:header = flexible-header host with the recipe, :hidden = bar hidden without it).")
    static let rtl = OptionSpec(name: "rtl", short: nil, valueName: nil,
                                help: "Right-to-left layout: the back swipe comes from the right edge.")
    static let options = [size, rotation, calibration, edges, stack, rtl]

    var size: PhysicalSize?
    var rotation: ScreenRotation?
    var calibration: CalibrationMatrix?
    var edges: [EdgeSwipeConfig]?
    var stack: [ScreenSpec]?
    var rightToLeft: Bool

    init(_ a: ParsedArguments) throws(UsageError) {
        size = try a.value(Self.size, rule: "must be \(PhysicalSize.parsingRule) (e.g. 260x163)") { PhysicalSize(parsing: $0) }
        rotation = try a.value(Self.rotation, rule: ScreenRotation.rule) { Int($0).flatMap(ScreenRotation.init(degrees:)) }
        let bound = Int(CalibrationMatrix.maxMagnitude)
        calibration = try a.value(Self.calibration, rule: "must be six numbers between -\(bound) and \(bound), e.g. \"1 0 0 0 1 0\"") {
            CalibrationMatrix(parsing: $0)
        }
        edges = try a.value(Self.edges, Self.recognizers)
        stack = try a.value(Self.stack, StackSpec.parse)
        rightToLeft = a.flag(Self.rtl)
    }

    /// The pipeline these options describe, over the defaults.
    var pipelineOptions: PipelineOptions {
        var o = PipelineOptions()
        if rightToLeft { o.navigation.layoutDirection = .rightToLeft }
        o.recognizers = [EdgeSwipeConfig(edges: [rightToLeft ? .right : .left], fingers: 1)]
        applyExplicit(to: &o)
        if let stack { o.stack = stack }
        return o
    }

    /// The surface and recognizer options given on the command line, over whatever `o` holds (defaults, or
    /// a configuration's device entry).
    func applyExplicit(to o: inout PipelineOptions) {
        if let size { o.configuredSize = size }
        if let rotation { o.rotation = rotation }
        if let calibration { o.calibration = calibration }
        if let edges { o.recognizers = edges }
    }

    /// "left,right,left:2": one recognizer per edge[:fingers].
    static func recognizers(_ text: String) throws(InvalidValue) -> [EdgeSwipeConfig] {
        var list: [EdgeSwipeConfig] = []
        for token in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = token.split(separator: ":", omittingEmptySubsequences: false)
            guard let edge = Edge(rawValue: String(parts[0])), parts.count <= 2 else {
                throw InvalidValue("'\(token)' is not edge[:fingers] with edge left, right, top or bottom")
            }
            var fingers = 1
            if parts.count == 2 {
                guard let n = Int(parts[1]), (1...5).contains(n) else {
                    throw InvalidValue("'\(token)': fingers must be 1 to 5")
                }
                fingers = n
            }
            let config = EdgeSwipeConfig(edges: [edge], fingers: fingers)
            if list.contains(where: { $0.name == config.name }) {
                throw InvalidValue("'\(token)' is given twice")
            }
            list.append(config)
        }
        return list
    }
}
