import EdgeSwipeCorpus

/// `edgeswipe accuracy`: precision and recall per label on the labelled swipe corpus.
enum AccuracyCommand: Subcommand {
    static let name = "accuracy"
    static let summary = "Print precision and recall per label on the labelled swipe corpus."
    static let positionalUsage = ""
    static let positionalRange = 0...0
    static let discussion = """
        The corpus is synthesised (several device geometries, 60-240 Hz, noise, protocols A and B, the hard
        cases) from a fixed seed, plus real recordings as negatives when --fixtures names Tests/Fixtures.
        Exit status 1 when any sample is wrong.
        """

    struct Options: CommandOptions {
        static let seed = OptionSpec(name: "seed", short: nil, valueName: "N", help: "Seed of the synthesised corpus (default: the fixed one the tests use).")
        static let fixtures = OptionSpec(name: "fixtures", short: nil, valueName: "DIR", help: "Add the real recordings in DIR (e.g. Tests/Fixtures) as negatives.")
        static let options = [seed, fixtures]

        var seed: UInt64
        var fixturesDirectory: String?

        init(_ a: ParsedArguments) throws(UsageError) {
            seed = try a.value(Self.seed, rule: "is not a whole number") { UInt64($0) } ?? Corpus.defaultSeed
            fixturesDirectory = a.string(Self.fixtures)
        }
    }

    static func run(_ o: Options) throws -> ExitStatus {
        let report = try Corpus.evaluateAll(seed: o.seed, fixturesDirectory: o.fixturesDirectory)
        Output.stdout(report.table().trimmingTrailingNewline())
        return report.failures.isEmpty ? .success : .failure
    }
}

extension String {
    func trimmingTrailingNewline() -> String { hasSuffix("\n") ? String(dropLast()) : self }
}
