import EdgeSwipeCorpus
import EdgeSwipeDaemon
import Gestures
import TouchInput
import TouchModel
import TouchTrace

/// `edgeswipe tune FILE...`: thresholds proposed from a user's labelled recordings (`Tuner` says how).
enum TuneCommand: Subcommand {
    static let name = "tune"
    static let summary = "Propose thresholds from labelled recordings of your own swipes, cross-validated; applies nothing."
    static let positionalUsage = "FILE..."
    static let positionalRange = 0...64
    static let discussion = """
        Each FILE (libinput record or evemu) has its labels in FILE.labels: one stroke per line, tab-separated \
        START END EXPECT KIND, times in seconds from the recording's first event (as replay prints them), EXPECT \
        back:EDGE, cancel:EDGE or none, KIND what was asked (back, tap-at-edge, too-far-in...); # starts a comment. \
        All files must come from one device. --corpus tunes on the synthesised corpus of `accuracy` instead, which \
        the defaults were made for. Prints the thresholds now and proposed with the margin to the nearest value \
        that fails a stroke, the strokes right per kind before and after, the cross-validated figures (each stroke \
        scored by thresholds tuned without it) and a configuration snippet. Exit status 1 when the data is too \
        little or contradicts itself.
        """

    struct Options: CommandOptions {
        static let device = OptionSpec(name: "device", short: "d", valueName: "DESC", help: "evemu description for events-only files.")
        static let corpus = OptionSpec(name: "corpus", short: nil, valueName: nil, help: "Tune on the synthesised corpus (accuracy's) instead of files.")
        static let options = [device, corpus, PipelineOptionGroup.size, PipelineOptionGroup.rotation, PipelineOptionGroup.edges, TraceLoading.strict]

        var files: [String]
        var description: String?
        var corpus: Bool
        var pipeline: PipelineOptionGroup
        var strict: Bool

        init(_ a: ParsedArguments) throws(UsageError) {
            files = a.positionals
            description = a.string(Self.device)
            corpus = a.flag(Self.corpus)
            pipeline = try PipelineOptionGroup(a)
            strict = a.flag(TraceLoading.strict)
            if corpus && !files.isEmpty { throw UsageError("give FILE... or --corpus, not both") }
            if !corpus && files.isEmpty { throw UsageError("give one or more labelled recordings (FILE with FILE.labels), or --corpus") }
        }
    }

    static func run(_ o: Options) throws -> ExitStatus {
        let recordings: [LabelledRecording]
        var base: [EdgeSwipeConfig]
        if o.corpus {
            recordings = try Corpus.synthesized().map(LabelledRecording.init(corpusSample:))
            base = Corpus.standardRecognizers
        } else {
            recordings = try o.files.map {
                try LabelledFiles.read($0, command: name, description: o.description, pipeline: o.pipeline, strict: o.strict)
            }
            if let other = LabelledFiles.otherDevice(recordings) {
                Output.stderr("edgeswipe tune: \(other.name) is from another device (\(other.device.label), not \(recordings[0].device.label)): tune one device at a time")
                return .failure
            }
            base = LabelledFiles.recognizers(o.pipeline.edges, for: recordings)
        }
        let tuner: Tuner
        do {
            tuner = try Tuner(recordings: recordings, base: base)
        } catch {
            Output.stderr("edgeswipe tune: " + TerminalText.escaped(error.description))
            return .failure
        }
        let proposed = tuner.tune()
        let report = TuneReport(tuner: tuner, proposed: proposed, crossValidated: tuner.crossValidate())
        Output.stdout(report.text(deviceName: o.corpus ? nil : recordings[0].device.name))
        return .success
    }
}
