import Foundation
import Testing

/// Each subcommand decodes its options once into typed values (Sources/edgeswipe/Arguments.swift): a value
/// that cannot be what its option names is a usage error (64) naming the option, before anything is opened
/// or read, whichever command carries the option (the pipeline group is shared by four).
@Suite("edgeswipe typed options")
struct TypedOptionsTests {
    struct BadValue: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var option: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let sample = "samples/demo-back-swipes.evemu"
    /// A file that does not exist: decoding must fail first, so the run never gets to it (status 1).
    static let missing = "/nonexistent/edgeswipe-typed-options.yml"

    static let pipelineValues: [(option: String, bad: String)] = [
        ("--size", "12"), ("--size", "0x10"), ("--rotation", "45"), ("--rotation", "ninety"),
        ("--calibration", "1 2"), ("--edges", "middle"), ("--edges", "left:9"), ("--edges", "left,left"),
        ("--stack", "home,,x"),
    ]

    static let cases: [BadValue] = {
        var list: [BadValue] = []
        for (option, bad) in pipelineValues {
            list.append(BadValue(arguments: ["replay", option, bad, missing], option: option))
            list.append(BadValue(arguments: ["plot", "-o", "/nonexistent/out.svg", option, bad, missing], option: option))
            list.append(BadValue(arguments: ["debug-events", option, bad, "/nonexistent/event99"], option: option))
        }
        list += [
            BadValue(arguments: ["accuracy", "--seed", "-1"], option: "--seed"),
            BadValue(arguments: ["list-devices", "--size", "axb", "/nonexistent/event99"], option: "--size"),
            BadValue(arguments: ["record", "-o", "/nonexistent/out.yml", "--duration", "0", "/nonexistent/event99"], option: "--duration"),
            BadValue(arguments: ["record", "-o", "/nonexistent/out.yml", "--duration", "inf", "/nonexistent/event99"], option: "--duration"),
            BadValue(arguments: ["run", "--backend", "libinput", "/nonexistent/event99"], option: "--backend"),
            BadValue(arguments: ["run", "--http", "65536", "/nonexistent/event99"], option: "--http"),
            BadValue(arguments: ["run", "--stack", "a:b", "/nonexistent/event99"], option: "--stack"),
            BadValue(arguments: ["run", "--replay", missing, "--replay-delay", "3601", "/nonexistent/event99"], option: "--replay-delay"),
            BadValue(arguments: ["run", "--replay-on-stream", "/nonexistent/event99"], option: "--replay-delay and --replay-on-stream"),
        ]
        return list
    }()

    @Test("a bad value is a usage error naming its option", arguments: cases)
    func badValueNamesItsOption(_ c: BadValue) throws {
        let r = try CLI.run(c.arguments)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("edgeswipe \(c.arguments[0]): \(c.option)"), "\(r.stderr)")
        #expect(r.stderr.contains("Run 'edgeswipe \(c.arguments[0]) --help' for usage."), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    /// The shared group's values reach the pipeline: --rtl alone makes the right edge the back edge, so the
    /// bundled left-edge swipes give no gesture, and --edges left brings them back.
    @Test func pipelineGroupValuesReachThePipeline() throws {
        let plain = try CLI.run(["replay", "--json", Self.sample])
        let rtl = try CLI.run(["replay", "--json", "--rtl", Self.sample])
        let rtlLeft = try CLI.run(["replay", "--json", "--rtl", "--edges", "left", Self.sample])
        #expect(plain.status == 0 && rtl.status == 0 && rtlLeft.status == 0, "\(plain.stderr) \(rtl.stderr) \(rtlLeft.stderr)")
        #expect(plain.stdout.contains("\"phase\":\"ended\""))
        #expect(!rtl.stdout.contains("\"phase\":\"ended\""))
        #expect(rtlLeft.stdout == plain.stdout)
    }

    /// The service's own word that its options do not fit together (`ServiceStartError.usage`) reaches
    /// main.swift typed and is reported as a usage error too.
    @Test func serviceUsageErrorsAreUsageErrors() throws {
        let noToken = try CLI.run(["run", "--http", "0", "/nonexistent/event99"])
        #expect(noToken.status == 64, "\(noToken.stderr)")
        #expect(noToken.stderr.hasPrefix("edgeswipe run: --http needs --http-token FILE"), "\(noToken.stderr)")
        #expect(noToken.stderr.contains("Run 'edgeswipe run --help' for usage."))
        let noHTTP = try CLI.run(["run", "--web-root", "web", "/nonexistent/event99"])
        #expect(noHTTP.status == 64, "\(noHTTP.stderr)")
        #expect(noHTTP.stderr.hasPrefix("edgeswipe run: --web-root needs --http PORT"), "\(noHTTP.stderr)")
    }

    /// Failures keep their library type up to main.swift, which prints them once, prefixed, with status 1.
    @Test func runtimeFailuresArePrintedOnceWithStatusOne() throws {
        let write = try CLI.run(["plot", "-o", "/nonexistent/dir/out.svg", Self.sample])
        #expect(write.status == 1)
        #expect(write.stderr == "edgeswipe plot: /nonexistent/dir/out.svg: cannot write: No such file or directory\n", "\(write.stderr)")
        let read = try CLI.run(["replay", Self.missing])
        #expect(read.status == 1)
        #expect(read.stderr.hasPrefix("edgeswipe replay: \(Self.missing)"), "\(read.stderr)")
        #expect(read.stderr.components(separatedBy: "edgeswipe replay:").count == 2, "\(read.stderr)")
    }
}
