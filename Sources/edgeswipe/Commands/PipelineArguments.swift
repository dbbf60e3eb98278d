import EdgeSwipeDaemon
import Gestures
import Navigation
import TouchInput
import TouchModel

/// Options shared by the commands that run the pipeline (replay, demo, plot, debug-events).
enum PipelineArguments {
    static let options: [OptionSpec] = [
        OptionSpec(name: "size", short: nil, valueName: "WxH",
                   help: "Surface size in mm, for devices whose axes have no resolution (e.g. 260x163)."),
        OptionSpec(name: "rotation", short: nil, valueName: "DEG",
                   help: "Screen rotation: 0, 90, 180 or 270 (default 0)."),
        OptionSpec(name: "calibration", short: nil, valueName: "\"a b c d e f\"",
                   help: "libinput-style 2x3 calibration matrix on normalised coordinates."),
        OptionSpec(name: "edges", short: nil, valueName: "LIST",
                   help: "Recognizers to run, e.g. 'left' or 'left,right,left:2' (edge[:fingers]); default 'left'."),
        OptionSpec(name: "stack", short: nil, valueName: "SPEC",
                   help: "Navigation stack, bottom first: 'home,inbox:header,message:header' (:header = flexible-header host with the recipe, :hidden = bar hidden without it)."),
        OptionSpec(name: "rtl", short: nil, valueName: nil,
                   help: "Right-to-left layout: the back swipe comes from the right edge."),
    ]

    static func pipelineOptions(_ a: ParsedArguments) throws -> PipelineOptions {
        var o = PipelineOptions()
        if a.flag("rtl") { o.navigation.layoutDirection = .rightToLeft }
        o.recognizers = try recognizers(a.flag("rtl") ? "right" : "left")
        try applyExplicit(a, to: &o)
        if let spec = a.value("stack") {
            do {
                o.stack = try StackSpec.parse(spec)
            } catch {
                throw UsageError("--stack: \(error)")
            }
        }
        return o
    }

    /// The surface and recognizer options given on the command line, over whatever `o` holds (defaults, or
    /// a configuration's device entry).
    static func applyExplicit(_ a: ParsedArguments, to o: inout PipelineOptions) throws {
        if let s = a.value("size") {
            guard let size = PhysicalSize(parsing: s) else {
                throw UsageError("--size '\(s)' must be \(PhysicalSize.parsingRule) (e.g. 260x163)")
            }
            o.configuredSize = size
        }
        if let r = a.value("rotation") {
            guard let deg = Int(r), let rotation = ScreenRotation(degrees: deg) else {
                throw UsageError("--rotation '\(r)' must be 0, 90, 180 or 270")
            }
            o.rotation = rotation
        }
        if let c = a.value("calibration") {
            guard let m = CalibrationMatrix(parsing: c) else {
                throw UsageError("--calibration '\(c)' must be six numbers between -\(Int(CalibrationMatrix.maxMagnitude)) and \(Int(CalibrationMatrix.maxMagnitude)), e.g. \"1 0 0 0 1 0\"")
            }
            o.calibration = m
        }
        if let edges = a.value("edges") { o.recognizers = try recognizers(edges) }
    }

    static func recognizers(_ text: String) throws -> [EdgeSwipeConfig] {
        var list: [EdgeSwipeConfig] = []
        for token in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = token.split(separator: ":", omittingEmptySubsequences: false)
            guard let edge = Edge(rawValue: String(parts[0])), parts.count <= 2 else {
                throw UsageError("--edges: '\(token)' is not edge[:fingers] with edge left, right, top or bottom")
            }
            var fingers = 1
            if parts.count == 2 {
                guard let n = Int(parts[1]), (1...5).contains(n) else {
                    throw UsageError("--edges: '\(token)': fingers must be 1 to 5")
                }
                fingers = n
            }
            let config = EdgeSwipeConfig(edges: [edge], fingers: fingers)
            if list.contains(where: { $0.name == config.name }) {
                throw UsageError("--edges: '\(token)' is given twice")
            }
            list.append(config)
        }
        return list
    }
}
