import EdgeSwipeDaemon
import Testing

/// Device names, paths and udev values reach a terminal through TerminalText (issue 14 item 11).
@Suite("terminal text")
struct TerminalTextTests {
    @Test("C0 controls, DEL and C1 controls are written as \\xNN; printable text, Unicode included, is kept")
    func escapes() {
        #expect(TerminalText.escaped("Wacom ISDv4 E6 Finger") == "Wacom ISDv4 E6 Finger")
        #expect(TerminalText.escaped("Écran tactile ✋") == "Écran tactile ✋")
        #expect(TerminalText.escaped("evil\u{1B}[2J\u{07}") == "evil\\x1b[2J\\x07")
        #expect(TerminalText.escaped("a\u{0}b\u{7F}c\u{9B}d") == "a\\x00b\\x7fc\\x9bd")
        #expect(TerminalText.escaped("two\nlines\r") == "two\\x0alines\\x0d")
        // Once anything is escaped, a backslash is doubled so the text reads back unambiguously.
        #expect(TerminalText.escaped("a\\x1b\u{1B}") == "a\\\\x1b\\x1b")
        #expect(TerminalText.escaped("plain \\ backslash") == "plain \\ backslash")
    }

    @Test("messages of several lines keep their line breaks and nothing else")
    func lineBreaks() {
        #expect(TerminalText.escaped("one\ntwo\u{1B}", keepLineBreaks: true) == "one\ntwo\\x1b")
        #expect(TerminalText.escaped("tab\there", keepLineBreaks: true) == "tab\\x09here")
    }
}
