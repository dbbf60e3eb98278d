import FixtureSupport
import Foundation
import Gestures
import Testing

/// Issue 22: README's list of `popRefused` reasons lacked `interactivePopDisabled`. The lists in README.md and
/// docs/protocol.md are compared with `RefusalReason`'s cases, so a new reason cannot go undocumented.
@Suite("popRefused reasons in the docs")
struct RefusalReasonDocsTests {
    /// `excludedArea` is only ever a touch-down refusal (NavigationController.touchDownRefusal): the recognizer
    /// fails with it as its detail, and no `popRefused` is emitted (docs/protocol.md says so).
    static let emittedAsPopRefused = Set(RefusalReason.allCases.map(\.rawValue)).subtracting(["excludedArea"])

    /// The backticked codes after "popRefused" ... "(`reason`: " up to the first ";" or ")".
    static func documentedReasons(in file: String) throws -> Set<String>? {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(file), encoding: .utf8)
        guard let event = text.range(of: "popRefused"),
              let list = text.range(of: "(`reason`: ", range: event.upperBound..<text.endIndex) else { return nil }
        let rest = text[list.upperBound...]
        let end = rest.firstIndex(where: { $0 == ";" || $0 == ")" }) ?? rest.endIndex
        let codes = rest[..<end].split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return Set(codes.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) })
    }

    @Test(arguments: ["README.md", "docs/protocol.md"])
    func everyReasonIsListed(_ file: String) throws {
        let listed = try #require(try Self.documentedReasons(in: file), "no popRefused reason list in \(file)")
        #expect(listed == Self.emittedAsPopRefused, "missing: \(Self.emittedAsPopRefused.subtracting(listed)); unknown: \(listed.subtracting(Self.emittedAsPopRefused))")
    }

    @Test func theTouchDownRefusalsAreDocumentedAsGestureFailures() throws {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
        #expect(text.contains(#""detail":"refused: excludedArea""#))
        #expect(text.contains("fails the same way with `interactivePopDisabled`"))
    }
}
