import EdgeSwipeControl
import Testing

/// Issue 35 item 1: `reportFocus` as the protocol reads it (docs/protocol.md): the shape the session side sends
/// (sway with a pid and toolkit, foreign-toplevel without), "nothing focused", and every field bad in every way,
/// each named with its rule. The expected messages are written from the protocol's text, not copied from a run.
@Suite struct FocusReportProtocolTests {
    func decoded(_ line: String) -> ControlCommand? {
        if case .success(let r) = ControlProtocol.decodeRequest(Array(line.utf8)) { return r.command }
        return nil
    }

    func failure(_ bytes: [UInt8]) -> ControlError? {
        if case .failure(let e) = ControlProtocol.decodeRequest(bytes) { return e.error }
        return nil
    }

    func decodeError(_ line: String) -> String? { failure(Array(line.utf8))?.message }

    static let head = #"{"command":"reportFocus","id":3,"#

    /// Issue 39: GNOME Shell's focus, from EdgeSwipe's Shell extension (with the pid), is protocol 7's: its request
    /// names 7, so a service older than that answers unsupportedProtocol instead of refusing the source; the other
    /// sources' requests still name 5.
    @Test func theGnomeShellSourceIsProtocolSevens() {
        let report = FocusReport(source: .gnomeShell, app: FocusedApp(appID: "org.gnome.TextEditor", title: "Untitled", pid: 4242, toolkit: .libadwaita))
        #expect(ControlCommand.reportFocus(report).versionNamed == 7)
        #expect(ControlCommand.reportFocus(FocusReport(source: .kwin, app: nil)).versionNamed == 7)
        #expect(ControlCommand.reportFocus(FocusReport(source: .sway, app: nil)).versionNamed == 5)
        let line = ControlRequest(id: .integer(3), command: .reportFocus(report)).line
        #expect(String(decoding: line, as: UTF8.self) == #"{"appId":"org.gnome.TextEditor","command":"reportFocus","focused":true,"id":3,"pid":4242,"protocol":7,"source":"gnome-shell","title":"Untitled","toolkit":"libadwaita"}"# + "\n")
        #expect(decoded(String(decoding: line.dropLast(), as: UTF8.self)) == .reportFocus(report))
    }

    @Test func theWholeShapeDecodes() {
        #expect(decoded(Self.head + #""source":"sway","focused":true,"appId":"org.gnome.Nautilus","title":"Files","pid":1234,"toolkit":"libadwaita"}"#)
                == .reportFocus(FocusReport(source: .sway, app: FocusedApp(appID: "org.gnome.Nautilus", title: "Files", pid: 1234,
                                                                            toolkit: .libadwaita))))
        // foreign-toplevel gives no pid, so no toolkit either.
        #expect(decoded(Self.head + #""source":"foreign-toplevel","focused":true,"appId":"firefox","title":"Mozilla Firefox"}"#)
                == .reportFocus(FocusReport(source: .foreignToplevel, app: FocusedApp(appID: "firefox", title: "Mozilla Firefox"))))
        #expect(decoded(Self.head + #""source":"hyprland","focused":false}"#) == .reportFocus(FocusReport(source: .hyprland, app: nil)))
        // A toplevel that set no app_id (an empty one) and no title is still focused.
        #expect(decoded(Self.head + #""source":"sway","focused":true,"appId":"","title":""}"#)
                == .reportFocus(FocusReport(source: .sway, app: FocusedApp(appID: "", title: ""))))
        // The limits themselves are accepted: 255 bytes of app_id, 1024 of title (2-byte characters: bytes, not characters).
        let appID = String(repeating: "a", count: 255), title = String(repeating: "é", count: 512)
        #expect(decoded(Self.head + #""source":"sway","focused":true,"appId":"\#(appID)","title":"\#(title)","pid":4194304}"#)
                == .reportFocus(FocusReport(source: .sway, app: FocusedApp(appID: appID, title: title, pid: 4_194_304))))
    }

    @Test func everyToolkitAndSourceIsReadByItsWireName() {
        let toolkits = ["libadwaita", "gtk4", "gtk3", "qt5", "qt6", "kirigami", "chromium", "firefox", "unknown"]
        #expect(AppToolkit.allCases.map(\.rawValue) == toolkits)
        for name in toolkits {
            let line = Self.head + #""source":"sway","focused":true,"appId":"a","title":"t","pid":7,"toolkit":"\#(name)"}"#
            guard case .reportFocus(let r)? = decoded(line) else { Issue.record("\(name) did not decode"); continue }
            #expect(r.app?.toolkit?.rawValue == name)
        }
        #expect(FocusSource.allCases.map(\.rawValue) == ["foreign-toplevel", "sway", "hyprland", "gnome-shell", "kwin"])
    }

    @Test func theSourceIsRequiredAndNamed() {
        #expect(decodeError(Self.head + #""focused":false}"#) == #"reportFocus: missing field "source""#)
        let rule = #"reportFocus: "source" must be one of "foreign-toplevel", "sway", "hyprland", "gnome-shell", "kwin", got "#
        #expect(decodeError(Self.head + #""source":"mutter","focused":false}"#) == rule + #""mutter""#)
        #expect(decodeError(Self.head + #""source":"Sway","focused":false}"#) == rule + #""Sway""#)
        #expect(decodeError(Self.head + #""source":7,"focused":false}"#) == rule + "7")
        #expect(decodeError(Self.head + #""source":null,"focused":false}"#) == rule + "null")
    }

    @Test func focusedIsRequiredAndABool() {
        #expect(decodeError(Self.head + #""source":"sway","appId":"a","title":"t"}"#) == #"reportFocus: missing field "focused""#)
        #expect(decodeError(Self.head + #""source":"sway","focused":1}"#) == #"reportFocus: "focused" must be true or false, got 1"#)
        #expect(decodeError(Self.head + #""source":"sway","focused":"true"}"#) == #"reportFocus: "focused" must be true or false, got "true""#)
    }

    @Test func focusedTrueNeedsTheAppAndFalseTakesNone() {
        #expect(decodeError(Self.head + #""source":"sway","focused":true}"#) == #"reportFocus: missing field "appId""#)
        #expect(decodeError(Self.head + #""source":"sway","focused":true,"title":"t"}"#) == #"reportFocus: missing field "appId""#)
        #expect(decodeError(Self.head + #""source":"sway","focused":true,"appId":"a"}"#) == #"reportFocus: missing field "title""#)
        for field in [#""appId":"a""#, #""title":"t""#, #""pid":5"#, #""toolkit":"gtk3""#] {
            let name = field.split(separator: ":")[0].dropFirst().dropLast()
            #expect(decodeError(Self.head + #""source":"sway","focused":false,\#(field)}"#)
                    == #"reportFocus: "\#(name)" is given only with "focused":true"#, "\(field)")
        }
    }

    @Test func theAppIDIsBounded() {
        let rule = Self.head + #""source":"sway","focused":true,"title":"t","appId":"#
        #expect(decodeError(rule + #"7}"#) == #"reportFocus: "appId" must be a string, got 7"#)
        #expect(decodeError(rule + #"["a"]}"#) == #"reportFocus: "appId" must be a string, got an array, ["a"]"#)
        #expect(decodeError(rule + #""\#(String(repeating: "a", count: 256))"}"#)
                == #"reportFocus: "appId": an app_id has at most 255 bytes, got 256"#)
        // 64 KiB: within the line cap (65 536 bytes, the line a little longer is refused whole), bounded here.
        let big = String(repeating: "x", count: 64 * 1024 - 100)
        #expect(decodeError(rule + #""\#(big)"}"#) == "reportFocus: \"appId\": an app_id has at most 255 bytes, got \(big.utf8.count)")
        #expect(decodeError(rule + #""a\tb"}"#) == #"reportFocus: "appId": an app_id has no control characters"#)
        #expect(decodeError(rule + #""a\u007fb"}"#) == #"reportFocus: "appId": an app_id has no control characters"#)
    }

    /// NUL and invalid UTF-8 never reach the fields: the JSON reader (jansson without JSON_ALLOW_NUL) refuses the
    /// line, which is answered badJSON; the fields' own checks refuse them for a caller that builds a report.
    @Test func nulAndInvalidUTF8AreRefused() {
        let nul = Self.head + #""source":"sway","focused":true,"title":"t","appId":"a\u0000b"}"#
        #expect(failure(Array(nul.utf8))?.code == .badJSON)
        let nulTitle = Self.head + #""source":"sway","focused":true,"appId":"a","title":"a\u0000b"}"#
        #expect(failure(Array(nulTitle.utf8))?.code == .badJSON)
        // "title":"\xC3(" : a lead byte followed by a byte that is no continuation.
        var bytes = Array((Self.head + #""source":"sway","focused":true,"appId":"a","title":""#).utf8)
        bytes += [0xC3, 0x28, 0x22, 0x7D]
        #expect(failure(bytes)?.code == .badJSON)
        var overlong = Array((Self.head + #""source":"sway","focused":true,"title":"t","appId":""#).utf8)
        overlong += [0xC0, 0xAF, 0x22, 0x7D]   // an overlong "/"
        #expect(failure(overlong)?.code == .badJSON)
        #expect(FocusedApp.appIDProblem("a\u{0}b") == "an app_id has no control characters")
        #expect(FocusedApp.titleProblem("a\u{0}b") == "a title has no NUL character")
        #expect(FocusedApp.titleProblem("tab\there") == nil)
    }

    @Test func theTitleIsBounded() {
        let rule = Self.head + #""source":"sway","focused":true,"appId":"a","title":"#
        #expect(decodeError(rule + #"null}"#) == #"reportFocus: "title" must be a string, got null"#)
        #expect(decodeError(rule + #"{}}"#) == #"reportFocus: "title" must be a string, got an object, {}"#)
        #expect(decodeError(rule + #""\#(String(repeating: "t", count: 1025))"}"#)
                == #"reportFocus: "title": a title has at most 1024 bytes, got 1025"#)
        // 513 two-byte characters are 1026 bytes.
        #expect(decodeError(rule + #""\#(String(repeating: "é", count: 513))"}"#)
                == #"reportFocus: "title": a title has at most 1024 bytes, got 1026"#)
    }

    @Test func thePidIsAProcessID() {
        let rule = Self.head + #""source":"sway","focused":true,"appId":"a","title":"t","pid":"#
        let message = #"reportFocus: "pid" must be a process id, a whole number from 1 to 4194304, got "#
        for (bad, named) in [("0", "0"), ("-1", "-1"), ("-2147483648", "-2147483648"), ("4194305", "4194305"),
                             ("2147483648", "2147483648"), ("9223372036854775807", "9223372036854775807"),
                             ("12.5", "12.5"), ("12.0", "12.0"), ("1e3", "1000.0"), ("\"1234\"", "a string, \"1234\""),
                             ("true", "a boolean, true"), ("null", "null"), ("[1]", "an array, [1]")] {
            #expect(decodeError(rule + bad + "}") == message + named, "\(bad)")
        }
        // Beyond 64 bits jansson itself refuses the number: the line is not JSON.
        #expect(failure(Array((rule + "99999999999999999999}").utf8))?.code == .badJSON)
    }

    @Test func theToolkitIsOneOfTheTable() {
        let rule = Self.head + #""source":"sway","focused":true,"appId":"a","title":"t","toolkit":"#
        let message = #"reportFocus: "toolkit" must be one of "libadwaita", "gtk4", "gtk3", "qt5", "qt6", "kirigami", "chromium", "firefox", "unknown", got "#
        for bad in [#""gtk2""#, #""Qt6""#, #""""#, "5", "null"] {
            #expect(decodeError(rule + bad + "}") == message + bad, "\(bad)")
        }
    }

    @Test func unknownFieldsAreNamed() {
        #expect(decodeError(Self.head + #""source":"sway","focused":true,"appId":"a","title":"t","app_id":"a"}"#)
                == #"reportFocus: unknown field "app_id""#)
    }

    /// The request names protocol 5 (an older service answers unsupportedProtocol, not unknownCommand), and
    /// protocol 4 is still served.
    @Test func theRequestNamesProtocolFive() {
        let report = FocusReport(source: .sway, app: FocusedApp(appID: "org.kde.dolphin", title: "Home", pid: 42, toolkit: .kirigami))
        #expect(String(decoding: ControlRequest(id: .integer(3), command: .reportFocus(report)).line, as: UTF8.self)
                == #"{"appId":"org.kde.dolphin","command":"reportFocus","focused":true,"id":3,"pid":42,"protocol":5,"source":"sway","#
                + #""title":"Home","toolkit":"kirigami"}"# + "\n")
        #expect(String(decoding: ControlRequest(command: .reportFocus(FocusReport(source: .foreignToplevel, app: nil))).line, as: UTF8.self)
                == #"{"command":"reportFocus","focused":false,"protocol":5,"source":"foreign-toplevel"}"# + "\n")
        #expect(ControlProtocol.focusReportsVersion == 5)
        #expect(decoded(#"{"command":"state","protocol":4}"#) == .state)
        #expect(decoded(#"{"command":"reportOutput","output":"DSI-1","transform":0,"protocol":4}"#) != nil)
        #expect(failure(Array(#"{"command":"state","protocol":9}"#.utf8))?.code == .unsupportedProtocol)
    }
}
