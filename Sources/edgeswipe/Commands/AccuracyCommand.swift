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
    static let options: [OptionSpec] = [
        OptionSpec(name: "seed", short: nil, valueName: "N", help: "Seed of the synthesised corpus (default: the fixed one the tests use)."),
        OptionSpec(name: "fixtures", short: nil, valueName: "DIR", help: "Add the real recordings in DIR (e.g. Tests/Fixtures) as negatives."),
    ]

    static func run(_ a: ParsedArguments) throws -> ExitStatus {
        var seed = Corpus.defaultSeed
        if let s = a.value("seed") {
            guard let v = UInt64(s) else { throw UsageError("--seed '\(s)' is not a whole number") }
            seed = v
        }
        let report: AccuracyReport
        do {
            report = try Corpus.evaluateAll(seed: seed, fixturesDirectory: a.value("fixtures"))
        } catch {
            throw RuntimeError("\(error)")
        }
        Output.stdout(report.table().trimmingTrailingNewline())
        return report.failures.isEmpty ? .success : .failure
    }
}

extension String {
    func trimmingTrailingNewline() -> String { hasSuffix("\n") ? String(dropLast()) : self }
}
