import Foundation
import Testing
import FixtureSupport

/// `edgeswipe replay --json` of every recording the project keeps, byte for byte against the output of the code
/// before issue 17's redesign (Tests/Golden/make-replay-golden.py wrote Tests/Golden/replay with the binary of
/// be53f15). A change that must keep behaviour keeps these files; one that changes behaviour on purpose
/// regenerates them and says why in its commit.
@Suite("edgeswipe replay --json: golden outputs")
struct ReplayGoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var status: Int32
        var arguments: [String]
        var testDescription: String { name }
    }

    static let directory = Fixtures.packageRoot.appendingPathComponent("Tests/Golden/replay")

    static let cases: [Case] = {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("cases.tsv"), encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Case(name: fields[0], status: Int32(fields[1]) ?? -1, arguments: Array(fields.dropFirst(2)))
        }
    }()

    @Test func everyRecordingHasCases() {
        // 63 recordings x 3 option sets + 3 extra option sets on the bundled sample.
        #expect(Self.cases.count == 192)
        #expect(Self.cases.filter { $0.status == 0 }.count == 125)
    }

    @Test(arguments: cases)
    func replayIsByteIdentical(_ c: Case) throws {
        let r = try CLI.run(["replay"] + c.arguments)
        #expect(r.status == c.status, "\(r.stderr)")
        let golden = try String(contentsOf: Self.directory.appendingPathComponent(c.name + ".jsonl"), encoding: .utf8)
        #expect(r.stdout == golden)
    }
}
