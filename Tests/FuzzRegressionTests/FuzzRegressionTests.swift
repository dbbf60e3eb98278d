import Foundation
import FuzzHarness
import Testing

/// Every input a fuzz target crashed on (Fuzz/regressions/<target>/) and every seed (Fuzz/corpus/<target>/),
/// run through the same harness function the libFuzzer binary calls: no crash, no broken invariant.
struct FuzzRegressionTests {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static func inputs(_ kind: String, _ target: FuzzTarget) -> [URL] {
        let dir = fuzzDirectory.appendingPathComponent(kind).appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { dir.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func seedCorpusRunsClean(_ target: FuzzTarget) throws {
        let seeds = Self.inputs("corpus", target)
        #expect(seeds.count >= 3, "Fuzz/corpus/\(target.rawValue) should hold a handful of seeds")
        for url in seeds {
            let problems = target.run(Array(try Data(contentsOf: url)))
            #expect(problems.isEmpty, "\(url.lastPathComponent): \(problems)")
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func crashInputsRunClean(_ target: FuzzTarget) throws {
        for url in Self.inputs("regressions", target) {
            let problems = target.run(Array(try Data(contentsOf: url)))
            #expect(problems.isEmpty, "\(url.lastPathComponent): \(problems)")
        }
    }
}
