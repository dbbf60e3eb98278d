/// Text from outside (device names, file names, udev properties) made safe to print on a terminal: control
/// characters (C0, DEL, C1) would move the cursor, clear the screen or start an escape sequence, so each is
/// written as `\xNN` instead. Backslashes are doubled so the escaped form reads back unambiguously.
package enum TerminalText {
    /// `keepLineBreaks` leaves "\n" as it is, for messages of several lines.
    package static func escaped(_ text: String, keepLineBreaks: Bool = false) -> String {
        let needsEscape = { (u: Unicode.Scalar) in
            (u.value < 0x20 && !(keepLineBreaks && u == "\n")) || (0x7F...0x9F).contains(u.value)
        }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for u in text.unicodeScalars {
            if u == "\\" {
                out.append("\\\\")
            } else if needsEscape(u) {
                let hex = String(u.value, radix: 16)
                out.append("\\x" + (hex.count < 2 ? "0" : "") + hex)
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
