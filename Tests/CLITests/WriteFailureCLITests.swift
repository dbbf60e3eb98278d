import FixtureSupport
import Foundation
import Testing

/// Issue 22 defect 5: a failed write was ignored (`edgeswipe replay FILE --json > /dev/full`, `check-config`,
/// `--help`, `list-devices` exited 0 and said nothing). Every output, for every subcommand the binary's own table
/// lists: the failed write is reported on stderr, naming the output and the errno, and the status is 1.
/// Classes: standard output (help, version, each command's report), standard error (stdout fine), both,
/// files a command writes (plot's SVG; record's file is in LiveTests, it needs a device).
@Suite("write failures on every output")
struct WriteFailureCLITests {
    static let full = "/dev/full"
    static let noSpace = "No space left on device (errno 28)"
    static let sample = "samples/demo-back-swipes.evemu"

    /// The subcommands as the binary's command table lists them (the top-level help prints the table), so a new
    /// subcommand is covered without touching this file.
    static func subcommands() throws -> [String] {
        let help = try CLI.run(["--help"])
        guard let start = help.lines.firstIndex(of: "Subcommands:") else { return [] }
        return help.lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { String($0.split(separator: " ")[0]) }
    }

    /// Invocations that write a report on stdout here (no device needed), per subcommand. Nil: nothing on stdout
    /// without a touch device or the service running (their `--help` is checked here; the rest in LiveTests and
    /// JSONLinePrinterTests). A subcommand missing from this table fails `tableCoversEverySubcommand`.
    static let reports: [String: [[String]]?] = [
        "demo": [["demo"], ["demo", "--json"]],
        "replay": [["replay", sample], ["replay", "--json", sample], ["replay", "--frames", "--stack", "home,inbox", sample],
                   ["replay", "--config", "config/edgeswipe.example.yaml", sample, sample]],
        "check-config": [["check-config", "config/edgeswipe.example.yaml"]],
        "accuracy": [["accuracy"]],
        // A node that is not a device: its block is printed, and the status is 1 anyway; the message must be there.
        "list-devices": [["list-devices", "/dev/null"]],
        // Writes only its SVG file (fileOutputs) and notes on stderr.
        "plot": [],
        "record": nil,
        "tune": [["tune", "Tests/Fixtures/tune/narrow-habit.evemu"]],
        "calibrate": [["calibrate", "--replay", "Tests/Fixtures/calibration/n-trig-edge-trace.events", "--size", "246x184.5",
                       "-d", "Tests/Fixtures/p12tic__xorg-integration-tests__recordings__tablets__N-Trig-MultiTouch.desc"]],
        "debug-events": nil,
        // print_json lines: JSONLinePrinter says so in the log and the service goes on (docs/daemon.md).
        "run": nil,
        // --verbose's lines need a Wayland display and the service (the VM's compositor stage); the rest is stderr.
        "feedback": nil,
        // The service's answer on stdout: it needs the service (ReportOutputCLITests).
        "report-output": nil,
        // Its report (findings or none) on stdout, text and JSON; the socket is one nobody serves.
        "doctor": [["doctor", "--no-grab-check", "--socket", "/nonexistent/edgeswipe.sock"],
                   ["doctor", "--json", "--no-grab-check", "--socket", "/nonexistent/edgeswipe.sock"]],
    ]

    @Test func tableCoversEverySubcommand() throws {
        let names = try Self.subcommands()
        #expect(names.count >= 9, "\(names)")
        #expect(Set(names) == Set(Self.reports.keys), "add the new subcommand to WriteFailureCLITests.reports")
    }

    @Test("--help of every subcommand, and the top level's help and version, on a full stdout")
    func helpOnFullStdout() throws {
        let names = try Self.subcommands()
        #expect(!names.isEmpty)
        for arguments in names.map({ [$0, "--help"] }) + [["--help"], ["help"], ["--version"]] {
            let r = try CLI.run(arguments, stdoutPath: Self.full)
            let program = arguments[0].hasPrefix("-") || arguments[0] == "help" ? "edgeswipe" : "edgeswipe \(arguments[0])"
            #expect(r.status == 1, "\(arguments)")
            #expect(r.stderr == "\(program): error writing standard output: \(Self.noSpace)\n", "\(arguments): \(r.stderr)")
        }
    }

    @Test("every subcommand's report on a full stdout")
    func reportsOnFullStdout() throws {
        for (name, invocations) in Self.reports {
            for arguments in invocations ?? [] {
                let r = try CLI.run(arguments, stdoutPath: Self.full)
                #expect(r.status == 1, "\(arguments): \(r.stderr)")
                #expect(r.stderr.hasSuffix("edgeswipe \(name): error writing standard output: \(Self.noSpace)\n"), "\(arguments): \(r.stderr)")
                // Said once, however many writes failed.
                #expect(r.stderr.components(separatedBy: "error writing").count == 2, "\(arguments): \(r.stderr)")
            }
        }
    }

    /// The same reports succeed when stdout works: the failures above are the writes', nothing else's.
    @Test func reportsOnAWorkingStdout() throws {
        for (_, invocations) in Self.reports {
            // list-devices on /dev/null and doctor with findings (the socket nobody serves) are status 1 by design;
            // doctor's statuses are DoctorCLITests'.
            for arguments in invocations ?? [] where arguments != ["list-devices", "/dev/null"] && arguments.first != "doctor" {
                let r = try CLI.run(arguments)
                #expect(r.status == 0, "\(arguments): \(r.stderr)")
                #expect(!r.stdout.isEmpty, "\(arguments)")
            }
        }
    }

    /// A usage error on a full stderr: the status stays 64 (nothing can be said, and 64 says more than 1).
    @Test func usageErrorOnFullStderr() throws {
        let r = try CLI.run(["replay", "--bogus", Self.sample], stderrPath: Self.full)
        #expect(r.status == 64)
    }

    /// stderr is where a warning goes; a full stderr fails the command even when stdout took its report.
    @Test("a warning on a full stderr: status 1, the report still on stdout")
    func warningOnFullStderr() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The sample without its last line: cut mid-frame, so replay warns on stderr and plays the rest.
        let text = try String(contentsOfFile: Fixtures.packageRoot.appendingPathComponent(Self.sample).path, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.isEmpty == true { lines.removeLast() }
        let cut = dir.appendingPathComponent("cut.evemu").path
        try (lines.dropLast().joined(separator: "\n") + "\n").write(toFile: cut, atomically: false, encoding: .utf8)

        let working = try CLI.run(["replay", cut])
        #expect(working.status == 0)
        #expect(working.stderr.contains("warning"), "\(working.stderr)")

        let r = try CLI.run(["replay", cut], stderrPath: Self.full)
        #expect(r.status == 1)
        #expect(r.stdout == working.stdout)

        let both = try CLI.run(["replay", cut], stdoutPath: Self.full, stderrPath: Self.full)
        #expect(both.status == 1)
    }

    @Test("plot's SVG on a full device: the file and the errno are named")
    func plotFileOnFullDevice() throws {
        let r = try CLI.run(["plot", Self.sample, "-o", Self.full])
        #expect(r.status == 1)
        #expect(r.stderr == "edgeswipe plot: error writing /dev/full: \(Self.noSpace)\n", "\(r.stderr)")
    }

    @Test("plot's SVG where it cannot be created: the path and the reason are named")
    func plotFileCannotBeCreated() throws {
        let r = try CLI.run(["plot", Self.sample, "-o", "/nonexistent/dir/out.svg"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("/nonexistent/dir/out.svg: cannot write: No such file or directory"), "\(r.stderr)")
    }
}
