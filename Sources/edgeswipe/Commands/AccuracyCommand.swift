import EdgeSwipeCorpus
import EdgeSwipeDaemon
import Gestures
import TouchInput

/// `edgeswipe accuracy`: precision and recall per label on the labelled swipe corpus, or a user's labelled
/// recordings scored per kind.
enum AccuracyCommand: Subcommand {
    static let name = "accuracy"
    static let summary = "Print precision and recall per label on the labelled swipe corpus, or score your own labelled recordings."
    static let positionalUsage = "[FILE...]"
    static let positionalRange = 0...64
    static let discussion = """
        The corpus is synthesised (several device geometries, 60-240 Hz, noise, protocols A and B, the hard
        cases) from a fixed seed, plus real recordings as negatives when --fixtures names Tests/Fixtures.
        With --stream, the predictive stream of every back swipe (armed state at release, changes, smallest
        travel between two) and the hold time of edge-zone touches that are not back swipes (with --fixtures,
        also the recorded flings placed at the left edge). --along-edge-slop sets the early test's threshold.
        With FILE... (libinput record or evemu, each with FILE.labels as `edgeswipe tune` reads them, e.g. \
        from `edgeswipe record --guided`): each labelled stroke under the thresholds of --edges (default: the \
        defaults, one recognizer per edge the labels name), per kind: strokes right, false backs, missed backs. \
        Exit status 1 when any sample or stroke is wrong.
        """

    struct Options: CommandOptions {
        static let seed = OptionSpec(name: "seed", short: nil, valueName: "N", help: "Seed of the synthesised corpus (default: the fixed one the tests use).")
        static let fixtures = OptionSpec(name: "fixtures", short: nil, valueName: "DIR", help: "Add the real recordings in DIR (e.g. Tests/Fixtures) as negatives.")
        static let stream = OptionSpec(name: "stream", short: nil, valueName: nil, help: "Also print the predictive stream and hold-time figures.")
        static let slop = OptionSpec(name: "along-edge-slop", short: nil, valueName: "MM", help: "The early test's along-edge slop (default 2.8 mm; 1000 turns it off).")
        static let device = OptionSpec(name: "device", short: "d", valueName: "DESC", help: "With FILE...: evemu description for events-only files.")
        static let options = [seed, fixtures, stream, slop, device, PipelineOptionGroup.size, PipelineOptionGroup.rotation,
                              PipelineOptionGroup.edges, TraceLoading.strict]

        var seed: UInt64
        var fixturesDirectory: String?
        var stream: Bool
        var slopMM: Double?
        var files: [String]
        var description: String?
        var pipeline: PipelineOptionGroup
        var strict: Bool

        init(_ a: ParsedArguments) throws(UsageError) {
            seed = try a.value(Self.seed, rule: "is not a whole number") { UInt64($0) } ?? Corpus.defaultSeed
            fixturesDirectory = a.string(Self.fixtures)
            stream = a.flag(Self.stream)
            slopMM = try a.value(Self.slop, rule: "is not a positive number of mm") { Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } }
            files = a.positionals
            description = a.string(Self.device)
            pipeline = try PipelineOptionGroup(a)
            strict = a.flag(TraceLoading.strict)
            if files.isEmpty, description != nil || pipeline.size != nil || pipeline.rotation != nil || pipeline.edges != nil || strict {
                throw UsageError("--device, --size, --rotation, --edges and --strict go with FILE...")
            }
            if !files.isEmpty, a.string(Self.seed) != nil || fixturesDirectory != nil || stream {
                throw UsageError("--seed, --fixtures and --stream score the corpus; give them or FILE..., not both")
            }
        }
    }

    static func run(_ o: Options) throws -> ExitStatus {
        if !o.files.isEmpty { return try runFiles(o) }
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

    /// A user's labelled recordings: each stroke right or not, per kind.
    static func runFiles(_ o: Options) throws -> ExitStatus {
        let recordings = try o.files.map {
            try LabelledFiles.read($0, command: name, description: o.description, pipeline: o.pipeline, strict: o.strict)
        }
        if let other = LabelledFiles.otherDevice(recordings) {
            Output.stderr("edgeswipe accuracy: \(other.name) is from another device (\(other.device.label), not \(recordings[0].device.label)): score one device at a time")
            return .failure
        }
        let recognizers = LabelledFiles.recognizers(o.pipeline.edges, for: recordings).map { c in
            var c = c
            if let slop = o.slopMM { c.alongEdgeSlopMM = slop }
            return c
        }
        let scored: LabelledAccuracy
        do {
            scored = try LabelledAccuracy(recordings: recordings, recognizers: recognizers)
        } catch {
            Output.stderr("edgeswipe accuracy: " + TerminalText.escaped(error.description))
            return .failure
        }
        Output.stdout(scored.table().trimmingTrailingNewline())
        return scored.wrong == 0 ? .success : .failure
    }
}

extension String {
    func trimmingTrailingNewline() -> String { hasSuffix("\n") ? String(dropLast()) : self }
}
