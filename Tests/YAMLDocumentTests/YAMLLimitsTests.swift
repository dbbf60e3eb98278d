import Testing
import YAMLDocument

/// The bounds in YAMLLimits, at and just past each one, for the tree and for the event reader alike
/// (issue 14: the recordings reader had no depth cap and took quadratic time on deep nesting).
@Suite("YAML limits: nesting and node counts")
struct YAMLLimitsTests {
    /// `depth` nested flow sequences around one scalar, under a key on line 2.
    static func nested(_ depth: Int, block: Bool = false) -> String {
        if block {
            var text = "first: 1\nroot:\n"
            for level in 0..<depth { text += String(repeating: " ", count: level * 2 + 2) + "-\n" }
            return text + String(repeating: " ", count: depth * 2 + 2) + "x\n"
        }
        return "first: 1\nroot: " + String(repeating: "[", count: depth) + "x" + String(repeating: "]", count: depth) + "\n"
    }

    /// Reads every event; returns the error, if any.
    static func readEvents(_ text: String) -> YAMLError? {
        var r = YAMLEventReader(text: text, source: "deep.yml")
        do {
            while try r.next() != .streamEnd {}
            return nil
        } catch {
            return error
        }
    }

    @Test("the event reader takes the deepest nesting allowed and refuses one level more, flow and block",
          arguments: [false, true])
    func eventReaderDepth(block: Bool) throws {
        // The root mapping is one level: `maxDepth - 1` sequences fit under it.
        #expect(Self.readEvents(Self.nested(YAMLLimits.maxDepth - 1, block: block)) == nil)
        let error = try #require(Self.readEvents(Self.nested(YAMLLimits.maxDepth, block: block)))
        #expect(error.message == "nested more than 200 levels deep")
        #expect(error.source == "deep.yml")
        #expect(error.mark.line == (block ? 2 + YAMLLimits.maxDepth : 2))
    }

    @Test("the tree has the same depth bound as the event reader", arguments: [false, true])
    func treeDepth(block: Bool) throws {
        #expect(try YAMLNode.load(text: Self.nested(YAMLLimits.maxDepth - 1, block: block), source: "deep.yml") != nil)
        #expect(throws: YAMLError.self) { try YAMLNode.load(text: Self.nested(YAMLLimits.maxDepth, block: block), source: "deep.yml") }
    }

    @Test("nesting at powers of two, up to 2^18, is refused without reading past the bound", arguments: [8, 12, 16, 18])
    func powersOfTwo(exponent: Int) throws {
        let depth = 1 << exponent
        let error = try #require(Self.readEvents(Self.nested(depth)))
        #expect(error.message.contains("nested more than"))
        #expect(error.mark.line == 2)
        // libyaml reads at most a simple key's 1024 characters ahead of the event that goes too deep.
        #expect(error.mark.column < 7 + YAMLLimits.maxDepth + 1100)
    }

    @Test("node counts: exactly maxNodes nodes load; one more, or an alias expansion past it, does not")
    func nodeCount() throws {
        // A sequence of n scalars is n + 1 nodes.
        let fits = "[" + Array(repeating: "1", count: YAMLLimits.maxNodes - 1).joined(separator: ",") + "]"
        #expect(try YAMLNode.load(text: fits, source: "n.yml")?.items?.count == YAMLLimits.maxNodes - 1)
        let over = "[" + Array(repeating: "1", count: YAMLLimits.maxNodes).joined(separator: ",") + "]"
        #expect(throws: YAMLError.self) { try YAMLNode.load(text: over, source: "n.yml") }
        // 1 + 100 + 2 * 1000 + 2 aliases of 1001 nodes: within the bound; a third alias passes it.
        var text = "a: &a [" + Array(repeating: "1", count: 1000).joined(separator: ",") + "]\n"
        text += "b: *a\nc: *a\n"
        #expect(try YAMLNode.load(text: text, source: "n.yml") != nil)
        let bomb = text + String((0..<100).map { "d\($0): *a\n" }.joined())
        do {
            _ = try YAMLNode.load(text: bomb, source: "n.yml")
            Issue.record("expected the node bound")
        } catch {
            #expect(error.message.contains("more than 100000 nodes"))
            #expect(error.mark.line > 3)
        }
    }
}
