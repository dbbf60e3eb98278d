import EdgeSwipeControl
import EdgeSwipeFeedback
import Gestures
import Testing
import TouchModel

// What `edgeswipe feedback` sends the service about the outputs (docs/feedback.md, docs/protocol.md "Outputs and
// rotation: auto"): everything at each connection, a change once, nothing twice.

private let dsi = OutputReport(output: "DSI-1", orientation: OutputOrientation(transform: .r0), widthMM: 155, heightMM: 87,
                               widthPixels: 1080, heightPixels: 1920, scale: 1)
private let hdmi = OutputReport(output: "HDMI-A-1", orientation: OutputOrientation(transform: .r0), widthMM: 600, heightMM: 340,
                                widthPixels: 1920, heightPixels: 1080, scale: 1)

private func turned(_ r: OutputReport, _ degrees: Int, flipped: Bool = false) -> OutputReport {
    var t = r
    t.orientation = OutputOrientation(transform: ScreenRotation(degrees: degrees)!, flipped: flipped)
    return t
}

@Suite struct OutputReporterTests {
    @Test func aConnectionSendsEveryOutputOnceAndTheSameStateNeverAgain() {
        var r = OutputReporter()
        #expect(r.connected([dsi, hdmi]) == [dsi, hdmi])
        #expect(r.outputsChanged([dsi, hdmi]).isEmpty)
        #expect(r.outputsChanged([hdmi, dsi]).isEmpty)
    }

    @Test func aChangeSendsThatOutputOnly() {
        var r = OutputReporter()
        _ = r.connected([dsi, hdmi])
        #expect(r.outputsChanged([turned(dsi, 90), hdmi]) == [turned(dsi, 90)])
        #expect(r.outputsChanged([turned(dsi, 90), hdmi]).isEmpty)
        // Back to where it was is a change too: the service was last told 90.
        #expect(r.outputsChanged([dsi, hdmi]) == [dsi])
    }

    @Test func everyFieldIsAState() {
        var changes: [OutputReport] = []
        for degrees in [90, 180, 270] { changes.append(turned(dsi, degrees)) }
        changes.append(turned(dsi, 0, flipped: true))
        var bigger = dsi; bigger.widthMM = 156; changes.append(bigger)
        var unknown = dsi; unknown.widthMM = nil; unknown.heightMM = nil; changes.append(unknown)
        var mode = dsi; mode.widthPixels = 720; changes.append(mode)
        var scale = dsi; scale.scale = 2; changes.append(scale)
        for change in changes {
            var r = OutputReporter()
            _ = r.connected([dsi])
            #expect(r.outputsChanged([change]) == [change])
            #expect(r.outputsChanged([change]).isEmpty)
        }
    }

    @Test func nothingIsSentWhileDisconnectedAndAReconnectionSendsEverythingAsItIsNow() {
        var r = OutputReporter()
        #expect(r.outputsChanged([dsi]).isEmpty)  // not connected yet
        _ = r.connected([dsi, hdmi])
        r.disconnected()
        #expect(r.outputsChanged([turned(dsi, 270), hdmi]).isEmpty)
        // A restarted service knows no output: both again, the turned one as it is now.
        #expect(r.connected([turned(dsi, 270), hdmi]) == [turned(dsi, 270), hdmi])
        #expect(r.outputsChanged([turned(dsi, 270), hdmi]).isEmpty)
    }

    @Test func anOutputThatGoesAndComesBackIsSentAgain() {
        var r = OutputReporter()
        _ = r.connected([dsi, hdmi])
        #expect(r.outputsChanged([dsi]).isEmpty)
        #expect(r.outputsChanged([dsi, hdmi]) == [hdmi])
    }

    @Test func ofTwoOutputsWithOneNameTheFirstCounts() {
        var r = OutputReporter()
        #expect(r.connected([dsi, turned(dsi, 90)]) == [dsi])
        #expect(r.outputsChanged([dsi, turned(dsi, 180)]).isEmpty)
    }

    @Test func theRequestIsOneTheServiceDecodesToTheSameReportWithAnIdNamingTheOutput() throws {
        for report in [dsi, turned(hdmi, 270, flipped: true), OutputReport(output: "X", orientation: OutputOrientation(transform: .r0))] {
            let line = OutputReporter.request(report).encoded
            #expect(line["id"] == .string("reportOutput \(report.output)"))
            #expect(line["protocol"] == .integer(4), "protocol 4: the report goes with its connection")
            let request = try ControlProtocol.decodeRequest(line.encodedLine()).get()
            #expect(request.command == .reportOutput(report))
        }
    }

    @Test func wlOutputsStateBecomesTheReport() throws {
        // wl_output.transform's enum (0 normal, 1-3 90/180/270 counter-clockwise, 4-7 the same flipped) to the names
        // the compositor's command takes, which the service reads: sway's invert_rotation_direction, as measured in
        // the VM (`swaymsg output HEADLESS-1 transform 90` reached clients as 3).
        let names = ["normal", "270", "180", "90", "flipped", "flipped-270", "flipped-180", "flipped-90"]
        for (value, name) in names.enumerated() {
            let r = try #require(OutputReporter.report(name: "DSI-1", transform: value, physicalWidthMM: 155, physicalHeightMM: 87,
                                                       modeWidth: 1080, modeHeight: 1920, scale: 2))
            #expect(r.orientation.name == name)
            #expect(r == OutputReport(output: "DSI-1", orientation: r.orientation, widthMM: 155, heightMM: 87,
                                      widthPixels: 1080, heightPixels: 1920, scale: 2))
        }
        for bad in [-1, 8, 100] {
            #expect(OutputReporter.report(name: "DSI-1", transform: bad, physicalWidthMM: 155, physicalHeightMM: 87,
                                          modeWidth: 1080, modeHeight: 1920, scale: 1) == nil)
        }
        // No name (wl_output before version 4, no xdg-output): nothing to report it as; a name the service refuses.
        for name in [nil, "", String(repeating: "A", count: 65)] as [String?] {
            #expect(OutputReporter.report(name: name, transform: 0, physicalWidthMM: 155, physicalHeightMM: 87,
                                          modeWidth: 1080, modeHeight: 1920, scale: 1) == nil)
        }
    }

    @Test func sizesTheServiceWouldRefuseOrThatSayUnknownAreLeftOut() throws {
        // (width mm, height mm) -> both kept or both left out: 0 is wl_output's "unknown", past 10 m is not a screen,
        // nor is a side under 10 mm (issue 33; 16x9 is an EDID's aspect ratio, not a size).
        let cases: [(Int, Int, Bool)] = [(155, 87, true), (0, 0, false), (155, 0, false), (0, 87, false), (10_000, 10, true),
                                         (10_000, 1, false), (16, 9, false), (10_001, 87, false), (-5, 87, false)]
        for (w, h, kept) in cases {
            let r = try #require(OutputReporter.report(name: "HEADLESS-1", transform: 1, physicalWidthMM: w, physicalHeightMM: h,
                                                       modeWidth: 1280, modeHeight: 720, scale: 1))
            #expect((r.widthMM, r.heightMM) == (kept ? Double(w) : nil, kept ? Double(h) : nil))
        }
        let noMode = try #require(OutputReporter.report(name: "HEADLESS-1", transform: 0, physicalWidthMM: 0, physicalHeightMM: 0,
                                                        modeWidth: 0, modeHeight: 720, scale: 17))
        #expect(noMode.widthPixels == nil && noMode.heightPixels == nil && noMode.scale == nil)
        let huge = try #require(OutputReporter.report(name: "HEADLESS-1", transform: 0, physicalWidthMM: 0, physicalHeightMM: 0,
                                                      modeWidth: 65_536, modeHeight: 720, scale: 16))
        #expect(huge.widthPixels == nil && huge.scale == 16)
    }

    @Test func anErrorAnswerIsSaidOncePerOutputAndCode() throws {
        var r = OutputReporter()
        let refused = ServiceLine(try JSONValue.decode(Array(#"{"code":"refused","id":"reportOutput DSI-1","message":"16 outputs are known already","type":"error"}"#.utf8)))
        let said = r.answer(refused)
        let first = try #require(said)
        #expect(first.contains("DSI-1") && first.contains("refused") && first.contains("16 outputs are known already"))
        #expect(r.answer(refused) == nil)
        let other = ServiceLine(try JSONValue.decode(Array(#"{"code":"refused","id":"reportOutput HDMI-A-1","message":"m","type":"error"}"#.utf8)))
        #expect(r.answer(other)?.contains("HDMI-A-1") == true)
        let older = ServiceLine(try JSONValue.decode(Array(#"{"code":"unknownCommand","id":"reportOutput DSI-1","message":"unknown command","type":"error"}"#.utf8)))
        #expect(r.answer(older)?.contains("older than reportOutput") == true)
    }

    @Test func linesThatAreNotAnErrorToAReportAreNotSaid() throws {
        var r = OutputReporter()
        for text in [#"{"command":"reportOutput","id":"reportOutput DSI-1","result":{"devices":[],"output":"DSI-1"},"type":"reply"}"#,
                     #"{"code":"badArguments","id":1,"message":"m","type":"error"}"#,
                     #"{"code":"badJSON","message":"m","type":"error"}"#,
                     #"{"code":"badArguments","id":"push","message":"m","type":"error"}"#] {
            #expect(r.answer(ServiceLine(try JSONValue.decode(Array(text.utf8)))) == nil)
        }
    }
}
