import Testing
import YAMLDocument

@Suite("libyaml wrappers")
struct YAMLTests {
    @Test("YAMLNode.load: scalars, sequences, mappings, with 1-based line and column marks")
    func load() throws {
        let text = """
            # comment
            size: 218x136
            edges: [left, right]
            threshold_mm: 12.5
            enabled: yes
            quoted: "123"
            nothing:
            nested:
              a: 1
              b: -2
            """
        let root = try #require(try YAMLNode.load(text: text, source: "c.yml"))
        #expect(root["size"]?.string == "218x136")
        #expect(root["size"]?.mark == YAMLMark(line: 2, column: 7))
        #expect(root["edges"]?.items?.compactMap(\.string) == ["left", "right"])
        #expect(root["edges"]?.items?[1].mark == YAMLMark(line: 3, column: 15))
        #expect(root["threshold_mm"] == .scalar("12.5", plain: true, YAMLMark(line: 4, column: 15)))
        #expect(root["enabled"]?.string == "yes")
        #expect(root["quoted"] == .scalar("123", plain: false, YAMLMark(line: 6, column: 9)))   // quoted: not plain
        #expect(root["nothing"]?.isNull == true)
        #expect(root["nested"]?["b"]?.string == "-2")
        #expect(root["nested"]?["b"]?.mark == YAMLMark(line: 10, column: 6))
        #expect(root["missing"] == nil)
        #expect(root.entries?.count == 7)
    }

    @Test("empty text or only comments is no document")
    func empty() throws {
        #expect(try YAMLNode.load(text: "", source: "e") == nil)
        #expect(try YAMLNode.load(text: "# nothing\n", source: "e") == nil)
    }

    @Test("anchors and aliases are expanded")
    func aliases() throws {
        let root = try #require(try YAMLNode.load(text: "a: &x [1, 2]\nb: *x\n", source: "a"))
        #expect(root["b"]?.items?.compactMap(\.string) == ["1", "2"])
    }

    @Test("an alias bomb is refused, not expanded")
    func aliasBomb() throws {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for k in 1...9 {
            text += "a\(k): &a\(k) [" + Array(repeating: "*a\(k - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(throws: YAMLError.self) { try YAMLNode.load(text: text, source: "bomb") }
    }

    @Test("deep nesting is refused instead of overflowing the stack")
    func deepNesting() throws {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try YAMLNode.load(text: text, source: "deep")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("nested"))
            #expect(error.mark.line == 1)
        }
    }

    @Test("errors: syntax, duplicate keys, keys that are collections, two documents, each with its line", arguments: [
        ("a: 1\nb: [1, 2\n", 3),
        ("a: 1\nb: 2\na: 3\n", 3),
        ("a: 1\n? [x]\n: 2\n", 2),
        ("a: 1\n---\nb: 2\n", 2),
        ("a: 1\n\tb: 2\n", 2),
    ])
    func errors(_ text: String, line: Int) throws {
        do {
            _ = try YAMLNode.load(text: text, source: "bad.yml")
            Issue.record("expected an error")
        } catch {
            #expect(error.source == "bad.yml")
            #expect(error.mark.line == line)
            #expect(error.description.hasPrefix("bad.yml:\(line):"))
        }
    }

    @Test("YAMLEventReader streams events with marks and reads integers in place")
    func eventReader() throws {
        // The reader is non-copyable, so values are taken out of it before #expect looks at them.
        var r = YAMLEventReader(text: "k: [12, -3, 0x1f, x, \"4\"]\nskip: {a: [1, {b: 2}]}\nlast: ~\n", source: "s")
        var kinds: [YAMLEventKind] = []
        for _ in 0..<4 { kinds.append(try r.next()) }
        #expect(kinds == [.streamStart, .documentStart, .mappingStart, .scalar])
        let key = r.scalarString
        let keyMark = r.startMark
        #expect(key == "k")
        #expect(keyMark == YAMLMark(line: 1, column: 1))
        #expect(try r.next() == .sequenceStart)
        var ints: [Int64?] = []
        while try r.next() != .sequenceEnd { ints.append(r.scalarInteger()) }
        #expect(ints == [12, -3, 31, nil, nil])
        #expect(try r.next() == .scalar)      // "skip"
        #expect(try r.next() == .mappingStart)
        try r.skipNode()
        let afterSkip = r.kind
        #expect(afterSkip == .mappingEnd)
        #expect(try r.next() == .scalar)
        let last = r.scalarString
        let lastLine = r.startMark.line
        #expect(last == "last")
        #expect(lastLine == 3)
        #expect(try r.next() == .scalar)
        let isNull = r.scalarIsNull
        #expect(isNull)
        #expect(try r.next() == .mappingEnd)
        #expect(try r.next() == .documentEnd)
        #expect(try r.next() == .streamEnd)
        #expect(try r.next() == .streamEnd)
    }
}
