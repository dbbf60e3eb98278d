import Gestures
import TouchInput
import TouchModel

/// A recording with the labels of its strokes, run under any thresholds.
public struct LabelledRecording: Sendable {
    public var name: String
    public var device: DeviceDescription
    public var geometry: SurfaceGeometry
    public var rotation: ScreenRotation
    /// Times from the recording's first event: the labels' clock.
    public var events: [InputEvent]
    public var labels: [StrokeLabel]

    public init(name: String, device: DeviceDescription, geometry: SurfaceGeometry, rotation: ScreenRotation = .r0,
                events: [InputEvent], labels: [StrokeLabel]) {
        self.name = name
        self.device = device
        self.geometry = geometry
        self.rotation = rotation
        let start = events.first?.time ?? 0
        self.events = events.map { var e = $0; e.time = e.time - start; return e }
        self.labels = labels
    }
}

/// What the recognizers made of one labelled stroke.
public struct StrokeResult: Hashable, Sendable {
    public var observed: Observation
    public var begins: Int

    public func isCorrect(for expected: Expectation) -> Bool {
        SampleResult(sample: "", label: .realRecording, expected: expected, observed: observed, begins: begins, failures: []).isCorrect
    }
}

/// `edgeswipe tune`: the thresholds that get every labelled stroke right where that is possible, found by a
/// coordinate search from the current values, checked by cross-validation. It proposes; it applies nothing.
///
/// The search, stated because it is a choice: one threshold at a time over its grid, the others held, as long as
/// any changes (at most `maxPasses`). The cost puts a false back (a negative that began) above any number of
/// missed backs. A value already among the cheapest stays, so thresholds the data does not ask to change are
/// proposed as they are; otherwise the value goes `insideSteps` grid steps into the cheapest run nearest to it, so
/// the proposal is not on the edge of failing. Cross-validation leaves one stroke out (more than
/// `leaveOneOutLimit` strokes: ten folds), tunes on the rest and scores the stroke left out.
public final class Tuner {
    public static let maxPasses = 3
    public static let insideSteps = 2
    public static let leaveOneOutLimit = 60
    public static let falseBackCost = 1000
    /// Less than this is too little to propose anything from.
    public static let minimumBacks = 3
    public static let minimumNegatives = 1

    public enum Refusal: Error, Hashable, CustomStringConvertible {
        case tooLittleData(backs: Int, negatives: Int)
        case labelWithoutStroke(recording: String, line: Int)
        case invalidRecognizer(String)

        public var description: String {
            switch self {
            case .tooLittleData(let b, let n):
                return "too little to tune from: \(b) labelled backs and \(n) labelled negatives; at least \(Tuner.minimumBacks) backs and \(Tuner.minimumNegatives) negative (a tap or a drag at the edge) are needed"
            case .invalidRecognizer(let why): return why
            case .labelWithoutStroke(let r, let line):
                return "\(r): the label of line \(line) spans no touch: its times do not match the recording"
            }
        }
    }

    public let recordings: [LabelledRecording]
    public let base: [EdgeSwipeConfig]
    public let start: TunedValues
    /// Every labelled stroke, recording by recording.
    public let strokes: [(recording: Int, label: StrokeLabel)]
    /// Gestures that fell in no label's span, under the starting values (a stroke nobody labelled).
    public private(set) var unlabelledGestures = 0
    private var cache: [TunedValues: [StrokeResult]] = [:]
    public private(set) var evaluations = 0

    /// `base`: the recognizers (edges, fingers, the settings not tuned); the search starts from the first's values.
    public init(recordings: [LabelledRecording], base: [EdgeSwipeConfig]) throws(Refusal) {
        self.recordings = recordings
        self.base = base
        let names = Set(base.map(\.name))
        guard names.count == base.count else { throw .invalidRecognizer("two recognizers share a name") }
        if let bad = base.first(where: { !$0.problems().isEmpty }) {
            throw .invalidRecognizer("edge-swipe recognizer \"\(bad.name)\": " + bad.problems().joined(separator: "; "))
        }
        start = TunedValues(base.first ?? EdgeSwipeConfig())
        strokes = recordings.enumerated().flatMap { i, r in r.labels.map { (i, $0) } }
        let backs = strokes.filter { if case .swipe(_, .complete) = $0.label.expected { return true } else { return false } }.count
        let negatives = strokes.filter { $0.label.expected == .noBegin }.count
        guard backs >= Self.minimumBacks, negatives >= Self.minimumNegatives else { throw .tooLittleData(backs: backs, negatives: negatives) }
        for (i, r) in recordings.enumerated() {
            let touches = Self.touchDowns(r)
            for label in r.labels where !touches.contains(where: label.contains) {
                throw .labelWithoutStroke(recording: recordings[i].name, line: label.line)
            }
        }
        _ = results(start)
    }

    /// Results for every stroke, in `strokes` order.
    public func results(_ values: TunedValues) -> [StrokeResult] {
        if let known = cache[values] { return known }
        evaluations += 1
        var out: [StrokeResult] = []
        var unlabelled = 0
        for r in recordings {
            let (results, stray) = Self.run(r, recognizers: base.map { values.applied(to: $0) })
            out += results
            unlabelled += stray
        }
        if values == start { unlabelledGestures = unlabelled }
        cache[values] = out
        return out
    }

    /// 1000 per false back, 1 per other wrong stroke, over the strokes `included` (nil: all).
    public func cost(_ values: TunedValues, included: [Bool]? = nil) -> Int {
        var c = 0
        for (i, r) in results(values).enumerated() where included?[i] ?? true {
            let expected = strokes[i].label.expected
            if r.isCorrect(for: expected) { continue }
            c += (expected == .noBegin && r.begins > 0) ? Self.falseBackCost : 1
        }
        return c
    }

    public func tune(included: [Bool]? = nil) -> TunedValues {
        var current = start
        for _ in 0..<Self.maxPasses {
            var changed = false
            for p in TunedParameter.allCases {
                let grid = p.grid
                let costs = grid.map { v -> Int in var t = current; t[p] = v; return cost(t, included: included) }
                let best = costs.min()!
                if let at = grid.firstIndex(of: current[p]), costs[at] == best { continue }
                let chosen = Self.inside(costs: costs, best: best, near: Self.nearestIndex(grid, current[p]))
                if grid[chosen] != current[p] {
                    current[p] = grid[chosen]
                    changed = true
                }
            }
            if !changed { break }
        }
        return current
    }

    /// The nearest grid values, below and above each chosen one, at which the cost rises (others held): how far
    /// the proposal is from failing a stroke. Nil: none on the grid.
    public func margins(_ values: TunedValues) -> [TunedParameter: (below: Double?, above: Double?)] {
        let here = cost(values)
        var out: [TunedParameter: (below: Double?, above: Double?)] = [:]
        for p in TunedParameter.allCases {
            let grid = p.grid
            func rises(_ v: Double) -> Bool { var t = values; t[p] = v; return cost(t) > here }
            out[p] = (grid.filter { $0 < values[p] }.reversed().first(where: rises), grid.filter { $0 > values[p] }.first(where: rises))
        }
        return out
    }

    /// Strokes right when each is scored by values tuned without it, against the starting values' right strokes.
    public func crossValidate() -> (tuned: Int, start: Int, folds: Int) {
        let n = strokes.count
        let folds = n <= Self.leaveOneOutLimit ? n : 10
        let startResults = results(start)
        var right = 0
        for f in 0..<folds {
            let included = (0..<n).map { $0 % folds != f }
            let tuned = results(tune(included: included))
            for i in 0..<n where i % folds == f && tuned[i].isCorrect(for: strokes[i].label.expected) { right += 1 }
        }
        let startRight = (0..<n).filter { startResults[$0].isCorrect(for: strokes[$0].label.expected) }.count
        return (right, startRight, folds)
    }

    static func nearestIndex(_ grid: [Double], _ v: Double) -> Int {
        grid.indices.min { abs(grid[$0] - v) < abs(grid[$1] - v) }!
    }

    /// In the run of cheapest values nearest `near`: `insideSteps` in from its end on `near`'s side, or its middle.
    static func inside(costs: [Int], best: Int, near: Int) -> Int {
        var runs: [ClosedRange<Int>] = []
        var i = 0
        while i < costs.count {
            guard costs[i] == best else { i += 1; continue }
            var j = i
            while j + 1 < costs.count && costs[j + 1] == best { j += 1 }
            runs.append(i...j)
            i = j + 1
        }
        let run = runs.min { distance($0, near) < distance($1, near) }!
        if run.count <= 2 * insideSteps { return (run.lowerBound + run.upperBound) / 2 }
        return near < run.lowerBound || run.contains(near) && near - run.lowerBound <= run.upperBound - near
            ? run.lowerBound + insideSteps : run.upperBound - insideSteps
    }

    static func distance(_ r: ClosedRange<Int>, _ i: Int) -> Int { r.contains(i) ? 0 : min(abs(r.lowerBound - i), abs(r.upperBound - i)) }

    /// Each label's result, and how many gestures fell in no label.
    static func run(_ r: LabelledRecording, recognizers: [EdgeSwipeConfig]) -> ([StrokeResult], Int) {
        var decoder = MultitouchDecoder(device: r.device, geometry: r.geometry)
        let arena = GestureArena(transform: ScreenTransform(deviceSize: r.geometry.size, rotation: r.rotation))
        // Valid by construction: `init` checked the base, and every grid value is within its field's range.
        for config in recognizers { _ = try? arena.add(config) }
        var results = r.labels.map { _ in StrokeResult(observed: .noBegin, begins: 0) }
        var stray = 0
        ArenaRun.run(events: r.events, decoder: &decoder, arena: arena, take: { events in
            for e in events where e.phase == .began || e.phase == .ended {
                guard let k = r.labels.firstIndex(where: { $0.contains(e.time) }) else {
                    if e.phase == .began { stray += 1 }
                    continue
                }
                if e.phase == .began {
                    results[k].begins += 1
                    if results[k].begins == 1 { results[k].observed = .swipe(e.edge, nil) }
                } else if case .swipe(let edge, nil) = results[k].observed, edge == e.edge {
                    results[k].observed = .swipe(edge, e.outcome)
                }
            }
        })
        return (results, stray)
    }

    /// The times of every touch-down in the recording.
    static func touchDowns(_ r: LabelledRecording) -> [Microseconds] {
        var decoder = MultitouchDecoder(device: r.device, geometry: r.geometry)
        var times: [Microseconds] = []
        for event in r.events {
            if let frame = decoder.feed(event), frame.contacts.contains(where: { $0.phase == .down }) { times.append(frame.time) }
        }
        return times
    }
}
