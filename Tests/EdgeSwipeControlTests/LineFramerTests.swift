import Testing
import TouchModel
import EdgeSwipeControl

private func feed(_ framer: inout LineFramer, _ text: String) -> [LineFramer.Output] {
    var out: [LineFramer.Output] = []
    Array(text.utf8).withUnsafeBytes { framer.append($0) { out.append($0) } }
    return out
}

private func line(_ s: String) -> LineFramer.Output { .line(Array(s.utf8)) }

@Suite struct LineFramerTests {
    @Test func linesSplitAcrossChunks() {
        var f = LineFramer(maxLineBytes: 100)
        #expect(feed(&f, "{\"a\"") == [])
        #expect(f.bufferedBytes == 4)
        #expect(feed(&f, ":1}\n{\"b\":2}\r\n\n") == [line("{\"a\":1}"), line("{\"b\":2}")])
        #expect(f.bufferedBytes == 0)
    }

    @Test func oversizedLineIsReportedOnceAndDropped() {
        var f = LineFramer(maxLineBytes: 10)
        #expect(feed(&f, "0123456789") == [])            // exactly the cap: still fine
        #expect(feed(&f, "A") == [.oversized])            // one past: reported at once
        #expect(f.bufferedBytes == 0)
        #expect(feed(&f, String(repeating: "B", count: 5000)) == [])
        #expect(f.bufferedBytes == 0)                    // nothing kept while discarding
        #expect(feed(&f, "CC\nok\n") == [line("ok")])    // recovers at the newline
    }

    @Test func capIsPerLine() {
        var f = LineFramer(maxLineBytes: 4)
        #expect(feed(&f, "abcd\nefgh\nijklm\nn\n") == [line("abcd"), line("efgh"), .oversized, line("n")])
    }
}
