import EdgeSwipeCorpus
import Gestures

/// `edgeswipe accuracy`: precision and recall per label on the labelled swipe corpus.
enum AccuracyCommand: Subcommand {
    static let name = "accuracy"
    static let summary = "Print precision and recall per label on the labelled swipe corpus."
    static let positionalUsage = ""
    static let positionalRange = 0...0
    static let discussion = """
        The corpus is synthesised (several device geometries, 60-240 Hz, noise, protocols A and B, the hard
        cases) from a fixed seed, plus real recordings as negatives when --fixtures names Tests/Fixtures.
        With --stream, the predictive stream of every back swipe (armed state at release, changes, smallest
        travel between two) and the hold time of edge-zone touches that are not back swipes (with --fixtures,
        also the recorded flings placed at the left edge). --along-edge-slop sets the early test's threshold.
        Exit status 1 when any sample is wrong.
        """

    struct Options: CommandOptions {
        static let seed = OptionSpec(name: "seed", short: nil, valueName: "N", help: "Seed of the synthesised corpus (default: the fixed one the tests use).")
        static let fixtures = OptionSpec(name: "fixtures", short: nil, valueName: "DIR", help: "Add the real recordings in DIR (e.g. Tests/Fixtures) as negatives.")
        static let stream = OptionSpec(name: "stream", short: nil, valueName: nil, help: "Also print the predictive stream and hold-time figures.")
        static let slop = OptionSpec(name: "along-edge-slop", short: nil, valueName: "MM", help: "The early test's along-edge slop (default 2.8 mm; 1000 turns it off).")
        static let options = [seed, fixtures, stream, slop]

        var seed: UInt64
        var fixturesDirectory: String?
        var stream: Bool
        var slopMM: Double?

        init(_ a: ParsedArguments) throws(UsageError) {
            seed = try a.value(Self.seed, rule: "is not a whole number") { UInt64($0) } ?? Corpus.defaultSeed
            fixturesDirectory = a.string(Self.fixtures)
            stream = a.flag(Self.stream)
            slopMM = try a.value(Self.slop, rule: "is not a positive number of mm") { Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } }
        }
    }

    static func run(_ o: Options) throws -> ExitStatus {
        let recognizers = Corpus.standardRecognizers.map { c in
            var c = c
            if let slop = o.slopMM { c.alongEdgeSlopMM = slop }
            return c
        }
        let report = try Corpus.evaluateAll(seed: o.seed, fixturesDirectory: o.fixturesDirectory, recognizers: recognizers)
        Output.stdout(report.table().trimmingTrailingNewline())
        if o.stream {
            let stream = try Corpus.streamReport(seed: o.seed, fixturesDirectory: o.fixturesDirectory, recognizers: recognizers)
            Output.stdout("\n" + stream.table().trimmingTrailingNewline())
        }
        return report.failures.isEmpty ? .success : .failure
    }
}

extension String {
    func trimmingTrailingNewline() -> String { hasSuffix("\n") ? String(dropLast()) : self }
}
