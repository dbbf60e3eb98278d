import TouchInput
import Gestures
import TouchModel

/// One labelled recording: a device, its events, and what the recognizers must make of it.
public struct CorpusSample: Sendable {
    public var name: String
    public var label: CorpusLabel
    public var expected: Expectation
    public var device: DeviceDescription
    public var geometry: SurfaceGeometry
    public var rotation: ScreenRotation
    public var events: [InputEvent]
    /// Why the expectation holds (for recordings: the geometry), or how the sample was made.
    public var note: String

    public init(name: String, label: CorpusLabel, expected: Expectation, device: DeviceDescription, geometry: SurfaceGeometry,
                rotation: ScreenRotation = .r0, events: [InputEvent], note: String) {
        self.name = name
        self.label = label
        self.expected = expected
        self.device = device
        self.geometry = geometry
        self.rotation = rotation
        self.events = events
        self.note = note
    }
}

public enum Corpus {
    public static let defaultSeed: UInt64 = 0xED6E_5A1E_C0A9_05E5

    /// The recognizers every sample runs against: one finger from the left edge, one from the right, with the
    /// default contract.
    public static var standardRecognizers: [EdgeSwipeConfig] {
        [EdgeSwipeConfig(edges: [.left]), EdgeSwipeConfig(edges: [.right])]
    }

    public static let rates: [Double] = [60, 90, 120, 240]
    public static let noiseLevels: [Double] = [0, 0.1, 0.25]

    /// Every synthesised label × device × report rate × `variants`, alternating left and right edges, noise
    /// levels and timing (±3 % jitter, or ±25 % jitter with 5 % of frames lost). Deterministic for a seed.
    public static func synthesized(seed: UInt64 = defaultSeed, devices: [SyntheticDevice] = SyntheticDevice.all,
                                   rates: [Double] = Corpus.rates, variants: Int = 2) throws -> [CorpusSample] {
        var samples: [CorpusSample] = []
        var index: UInt64 = 0
        for device in devices {
            let description = device.description
            let geometry = try device.geometry()
            let screen = try device.transform().screenSize
            for (ri, rate) in rates.enumerated() {
                for (li, label) in CorpusLabel.synthesized.enumerated() {
                    for v in 0..<variants {
                        index += 1
                        var rng = SplitMix64(seed: seed &+ index &* 0x9E37_79B9_7F4A_7C15)
                        let edge: Edge = (v + ri + li) % 2 == 0 ? .left : .right
                        let noise = noiseLevels[(ri + v + li) % noiseLevels.count]
                        let jitter = (v + ri) % 2 == 0 ? 0.03 : 0.25
                        var drawn = Scenarios.draw(label, edge: edge, screen: screen, rng: &rng)
                        var tries = 0
                        while !Scenarios.isClear(label, drawn, screen: screen) {
                            tries += 1
                            precondition(tries < 1000, "corpus: cannot draw a clear \(label.rawValue) sample on \(device.name)")
                            drawn = Scenarios.draw(label, edge: edge, screen: screen, rng: &rng)
                        }
                        let drops = jitter > 0.1 ? 0.05 : 0
                        let options = SynthesisOptions(rateHz: rate, timingJitter: jitter, noiseMM: noise, dropRate: drops)
                        let events = try EventSynthesizer.events(strokes: drawn.strokes, device: device, options: options, rng: &rng)
                        let name = "\(device.name)/\(device.touchProtocol.rawValue)/\(Int(rate))Hz/\(label.rawValue)/\(edge.rawValue)/\(v)"
                        let first = drawn.strokes[0]
                        let note = "noise \(noise) mm, jitter ±\(Int(jitter * 100)) %, \(Int(drops * 100)) % frames lost, start depth \(rounded(first.startDepthMM)) mm, "
                            + "travel \(rounded(first.releaseTravelMM)) mm, release \(rounded(first.releaseVelocityMMs)) mm/s"
                        samples.append(CorpusSample(name: name, label: label, expected: drawn.expected, device: description,
                                                    geometry: geometry, rotation: device.rotation, events: events, note: note))
                    }
                }
            }
        }
        return samples
    }

    static func rounded(_ v: Double) -> Double { (v * 10).rounded() / 10 }
}

extension Scenarios {
    /// The label is the truth with margins: see `Scenarios`.
    static func isClear(_ label: CorpusLabel, _ drawn: Drawn, screen: PhysicalSize) -> Bool {
        guard let s = drawn.strokes.first else { return false }
        let extent = s.edge.extent(screen: screen)
        // Every finger stays on the screen.
        for st in drawn.strokes {
            let depth = st.startDepthMM + st.releaseTravelMM
            if depth < 0 || depth > extent - 1 || st.durationMS < 40 { return false }
        }
        guard case .swipe(_, let outcome) = drawn.expected else { return true }
        guard let t9 = s.timeToTravel(9, withinMS: 200), t9 <= 200 else { return false }
        let progress = s.releaseTravelMM / extent
        let v = s.releaseVelocityMMs
        switch outcome {
        case .complete: return progress >= 0.58 || v >= 270
        case .cancel: return progress <= 0.42 && v <= 130
        }
    }
}

extension Corpus {
    /// What `edgeswipe accuracy` reports: the synthesised corpus, plus the real recordings that must not begin
    /// when a fixtures directory is given.
    public static func evaluateAll(seed: UInt64 = defaultSeed, fixturesDirectory: String? = nil,
                                   recognizers: [EdgeSwipeConfig] = standardRecognizers) throws -> AccuracyReport {
        var samples = try synthesized(seed: seed)
        if let fixturesDirectory {
            samples += try RecordedFixtures.negativeSamples(directory: fixturesDirectory)
        }
        return try Evaluation.evaluate(samples, recognizers: recognizers)
    }

    /// What `edgeswipe accuracy --stream` reports: the predictive stream of every back swipe of the corpus, and
    /// the hold times of its edge-zone touches that are not back swipes plus, with a fixtures directory, the
    /// recorded flings placed at the left edge (which are not part of the accuracy figures).
    public static func streamReport(seed: UInt64 = defaultSeed, fixturesDirectory: String? = nil,
                                    recognizers: [EdgeSwipeConfig] = standardRecognizers) throws -> StreamReport {
        var results = try evaluateAll(seed: seed, fixturesDirectory: fixturesDirectory, recognizers: recognizers).results
        if let fixturesDirectory {
            results += try Evaluation.evaluate(try RecordedFlings.samples(directory: fixturesDirectory),
                                               recognizers: recognizers).results
        }
        return StreamReport(results, config: recognizers.first ?? EdgeSwipeConfig())
    }
}
