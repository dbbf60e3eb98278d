import EdgeSwipeControl
import Gestures
import Navigation
import Testing
import TouchModel

/// Issue 34 item 1: every request a client sends is built by `ControlRequest.encoded` and read back by the service's
/// `ControlProtocol.decodeRequest` as the same request; the lines the session program sends are the bytes it sent
/// before the encoder existed (written out here from docs/protocol.md's shapes, sorted keys, as JSONValue writes them).
@Suite struct RequestEncodingTests {
    /// One of each case, with the non-default arguments a decoder could drop or misread.
    static let commands: [ControlCommand] = [
        .push(ScreenSpec(name: "detail", kind: .plain)),
        .push(ScreenSpec(name: "photo", kind: .header, interactivePopEnabled: false)),
        .pop,
        .setStack([ScreenSpec(name: "root", kind: .plain), ScreenSpec(name: "sheet", kind: .hidden),
                   ScreenSpec(name: "profile", kind: .header, interactivePopEnabled: false)]),
        .popToRoot,
        .state,
        .setExclusions([]),
        .setExclusions([ExclusionRect(x: 0, y: 90.87, width: 7.27, height: 21.81),
                        ExclusionRect(x: 12.5, y: 3, width: 40, height: 2.25, screen: "photo")]),
        .setInteractivePopEnabled(screen: "detail", enabled: false),
        .setInteractivePopEnabled(screen: "detail", enabled: true),
        .registerBackHandler(.observer, edges: [.right, .left]),
        .registerBackHandler(.default, edges: nil),
        .registerBackHandler(.overlay, edges: [.top, .bottom, .left, .right]),
        .unregisterBackHandler(BackHandlerID(9)),
        .reportOutput(OutputReport(output: "DSI-1", orientation: OutputOrientation(transform: .r90))),
        .reportOutput(OutputReport(output: "HDMI-A-1", orientation: OutputOrientation(transform: .r270, flipped: true),
                                   widthMM: 344, heightMM: 193.5, widthPixels: 2560, heightPixels: 1440, scale: 2, persistent: true)),
        .withdrawOutput("HDMI-A-1"),
        .reportFocus(FocusReport(source: .sway, app: FocusedApp(appID: "org.gnome.Nautilus", title: "Files", pid: 1234,
                                                                 toolkit: .libadwaita))),
        .reportFocus(FocusReport(source: .foreignToplevel, app: FocusedApp(appID: "firefox", title: "Ünïcode — “title”"))),
        .reportFocus(FocusReport(source: .hyprland, app: FocusedApp(appID: "", title: "", pid: 1, toolkit: .unknown))),
        .reportFocus(FocusReport(source: .hyprland, app: nil)),
        .declareContentRegion(ContentRegionDeclaration(id: "carousel-1", rectMM: ContentRect(x: 12.5, y: 40, widthMM: 300.25, heightMM: 90),
                                                       direction: .ltr)),
        .declareContentRegion(ContentRegionDeclaration(id: "ذ", rectMM: ContentRect(x: -3, y: 0, widthMM: 0.5, heightMM: 10000),
                                                       direction: .rtl)),
        .withdrawContentRegion("carousel-1"),
        .contentAnswer(seq: 1, .claim),
        .contentAnswer(seq: 9_007_199_254_740_993, .yield(.scroller)),
        .contentAnswer(seq: 42, .yield(.ownSwipes)),
        .contentAnswer(seq: 43, .yield(.scrolled)),
        .contentAnswer(seq: 44, .yield(.page)),
        .subscribe([.gesture]),
        .subscribe(Set(EventClass.allCases)),
        .unsubscribe([.screens, .back]),
    ]

    @Test func everyCaseIsNamedInTheList() {
        // A case added to ControlCommand without a line here fails: the names on the wire are the decoder's list.
        #expect(Set(Self.commands.map(\.name)) == Set(ControlProtocol.commandNames))
    }

    @Test(arguments: commands)
    func encodingThenDecodingGivesTheRequestBack(command: ControlCommand) throws {
        for id: JSONValue? in [nil, .integer(7), .string("reportOutput DSI-1")] {
            let request = ControlRequest(id: id, command: command)
            let line = request.line
            #expect(line.last == 0x0A, "one line, newline included")
            #expect(try ControlProtocol.decodeRequest(line.dropLast()).get() == request)
        }
    }

    /// The versions a request names: the one its command came with, so an older service answers unsupportedProtocol.
    @Test func eachRequestNamesTheProtocolItsCommandCameWith() {
        #expect(ControlCommand.state.versionNamed == nil)
        #expect(ControlCommand.setExclusions([]).versionNamed == nil)
        #expect(ControlCommand.registerBackHandler(.observer, edges: nil).versionNamed == 2)
        #expect(ControlCommand.unregisterBackHandler(BackHandlerID(1)).versionNamed == 2)
        #expect(ControlCommand.withdrawOutput("A").versionNamed == 4)
        #expect(ControlCommand.reportFocus(FocusReport(source: .sway, app: nil)).versionNamed == 5)
        #expect(ControlCommand.subscribe([.gesture, .diagnostic]).versionNamed == nil)
        #expect(ControlCommand.subscribe([.gesture, .back]).versionNamed == 2)
        #expect(ControlCommand.subscribe([.back, .screens]).versionNamed == 4)
    }

    /// A protocol-1 request names no version: a service of any version serves it.
    @Test func aProtocolOneRequestIsWrittenWithoutAVersion() {
        let line = String(decoding: ControlRequest(id: .integer(3), command: .state).line, as: UTF8.self)
        #expect(line == "{\"command\":\"state\",\"id\":3}\n")
    }

    /// The wire is unchanged: what `edgeswipe feedback` sent on each connection before issue 34, byte for byte.
    @Test func theSessionsRequestsAreTheBytesItSentBefore() {
        func text(_ r: ControlRequest) -> String { String(decoding: r.line, as: UTF8.self) }
        #expect(text(ObserverRegistration().request)
                == #"{"command":"registerBackHandler","edges":["left","right"],"id":1,"priority":"observer","protocol":2}"# + "\n")
        #expect(text(ControlRequest(id: .integer(2), command: .subscribe([.screens])))
                == #"{"command":"subscribe","events":["screens"],"id":2,"protocol":4}"# + "\n")
        let report = OutputReport(output: "HEADLESS-1", orientation: OutputOrientation(transform: .r90), widthMM: 344, heightMM: 194,
                                  widthPixels: 1280, heightPixels: 720, scale: 1)
        #expect(text(ControlRequest(id: .string("reportOutput HEADLESS-1"), command: .reportOutput(report)))
                == #"{"command":"reportOutput","flipped":false,"heightMM":194,"heightPixels":720,"id":"reportOutput HEADLESS-1","#
                + #""output":"HEADLESS-1","protocol":4,"scale":1,"transform":90,"widthMM":344,"widthPixels":1280}"# + "\n")
        // report-output's: persistent, sizes unknown left out.
        let hook = OutputReport(output: "DSI-1", orientation: OutputOrientation(transform: .r180, flipped: true), persistent: true)
        #expect(text(ControlRequest(command: .reportOutput(hook)))
                == #"{"command":"reportOutput","flipped":true,"output":"DSI-1","persistent":true,"protocol":4,"transform":180}"# + "\n")
    }
}
