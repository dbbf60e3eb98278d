import EdgeSwipeDaemon
import EdgeSwipeDoctor
import EdgeSwipeControl

/// The doctor's report as text for a person or as one JSON object for scripts. Process names, command lines
/// and device names come from outside: the text escapes them so they cannot drive the terminal.
enum DoctorOutput {
    static func text(_ report: DoctorReport) -> String {
        var lines: [String] = []
        if report.findings.isEmpty {
            lines.append("edgeswipe doctor: nothing wrong found")
        } else {
            lines.append("edgeswipe doctor: \(report.findings.count) finding\(report.findings.count == 1 ? "" : "s")")
            for f in report.findings {
                // A problem's line is as it always was; information says so after its code.
                let code = f.severity == .info ? "\(f.code.rawValue) (info)" : f.code.rawValue
                lines.append("\(code): \(TerminalText.escaped(f.subject)): \(TerminalText.escaped(f.message))")
                lines.append("  what to do: \(TerminalText.escaped(f.remedy))")
            }
        }
        lines.append("looked at:")
        lines += report.notes.map { "  " + TerminalText.escaped($0) }
        return lines.joined(separator: "\n")
    }

    static func json(_ report: DoctorReport) -> String {
        let findings = report.findings.map { f in
            JSONValue.object(["code": .string(f.code.rawValue), "severity": .string(f.severity.rawValue), "subject": .string(f.subject),
                              "message": .string(f.message), "remedy": .string(f.remedy)])
        }
        let document = JSONValue.object(["findings": .array(findings), "notes": .array(report.notes.map(JSONValue.string)),
                                         "ok": .bool(report.ok)])
        return String(decoding: document.encodedLine(), as: UTF8.self)
    }
}
