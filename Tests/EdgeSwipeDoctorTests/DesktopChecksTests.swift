import EdgeSwipeDoctor
import FixtureSupport
import Foundation
import Gestures
import Testing

/// Issue 39, item 3: the doctor under KDE Plasma, Plasma Mobile, GNOME and Phosh. One case per finding, each giving
/// exactly that finding over the otherwise clean machine of `DoctorChecksTests` (EdgeSwipe on the left edge, one
/// finger), and the clean desktops giving none. The files are Tests/Fixtures/desktop (its README says what each holds).
@Suite struct DesktopChecksTests {
    static let alice: UInt32 = 1000

    static func fixture(_ name: String) throws -> UserTextFile {
        let path = Fixtures.path("desktop/" + name)
        return UserTextFile(path: "/home/alice/.config/kwinrc", text: try String(contentsOfFile: path, encoding: .utf8))
    }

    static func gnomeSettings(_ name: String) throws -> GnomeFact {
        let bytes = [UInt8](try Data(contentsOf: Fixtures.url("desktop/" + name)))
        let values = try DconfDatabase.values(bytes)
        var shell = GnomeFact(version: "43.9", settingsSource: "/home/alice/.config/dconf/user")
        if case .strings(let uuids)? = values["/org/gnome/shell/enabled-extensions"] { shell.enabledExtensions = uuids }
        if case .bool(let off)? = values["/org/gnome/shell/disable-user-extensions"] { shell.userExtensionsDisabled = off }
        return shell
    }

    static func clean() -> DoctorFacts {
        var facts = DoctorChecksTests.clean()
        facts.invokingUID = alice
        return facts
    }

    func findings(_ facts: DoctorFacts) -> [DoctorFinding] { DoctorChecks.run(facts).findings }

    // MARK: KDE Plasma

    @Test func aCleanKwinrcGivesNoFindingThoughItsTouchEdgesAreOnTheTop() throws {
        var facts = Self.clean()
        facts.desktop.kwinrc = try Self.fixture("kwinrc-clean")
        #expect(findings(facts) == [])
        // The file's two touch edges are on the top (lines 11 and 26 of the fixture): with 'top' among EdgeSwipe's
        // edges, both are findings, in the file's order; the mouse edge [ElectricBorders] Left=ShowDesktop never is.
        facts.edgeSwipeEdges = [.left, .top]
        let top = findings(facts)
        #expect(top.map(\.code) == [.kwinTouchBorder, .kwinTouchEdge])
        #expect(top.map(\.subject) == ["/home/alice/.config/kwinrc:11", "/home/alice/.config/kwinrc:26"])
    }

    @Test func touchEdgesLeftShowDesktopIsOneFindingNamingTheLineToChange() throws {
        var facts = Self.clean()
        facts.desktop.kwinrc = try Self.fixture("kwinrc-touchedges-left")
        let found = findings(facts)
        #expect(found.map(\.code) == [.kwinTouchEdge])
        #expect(found.first?.subject == "/home/alice/.config/kwinrc:9")
        #expect(found.first?.message.contains("from the left edge to ShowDesktop ([TouchEdges] Left=ShowDesktop)") == true)
        #expect(found.first?.remedy.hasPrefix("set 'Left=None' in [TouchEdges] of /home/alice/.config/kwinrc") == true)
        #expect(found.first?.severity == .problem)
        #expect(DoctorChecks.run(facts).ok == false)
        // On the right edge only, KWin's left edge is no conflict.
        facts.edgeSwipeEdges = [.right]
        #expect(findings(facts) == [])
    }

    @Test func anEffectBorderOnTheLeftIsOneFindingKeepingTheOtherBorder() throws {
        var facts = Self.clean()
        facts.desktop.kwinrc = try Self.fixture("kwinrc-effect-border-left")
        let found = findings(facts)
        #expect(found.map(\.code) == [.kwinTouchBorder])
        #expect(found.first?.subject == "/home/alice/.config/kwinrc:7")
        // 6 is ElectricLeft; the line also has 0 (ElectricTop), which EdgeSwipe does not use: it stays.
        #expect(found.first?.message.contains("[Effect-overview] TouchBorderActivate=6,0 puts a touch border on the left edge (KWin's border 6)") == true)
        #expect(found.first?.message.contains("over fullscreen windows too ([ScreenEdges] RemainActiveOnFullscreen=true)") == true)
        #expect(found.first?.remedy.hasPrefix("write 'TouchBorderActivate=0' in [Effect-overview]") == true)
    }

    @Test func kwinBorderNumbersAreKWinsElectricBorderEnum() {
        // kwinglobals.h: Top, TopRight, Right, BottomRight, Bottom, BottomLeft, Left, TopLeft, COUNT, None.
        #expect([0, 2, 4, 6].map(KWinTouchEdges.meaning(ofElectricBorder:)) == [.side(.top), .side(.right), .side(.bottom), .side(.left)])
        #expect([1, 3, 5, 7, 8, 9].allSatisfy { KWinTouchEdges.meaning(ofElectricBorder: $0) == .noTouchEdge })
        #expect([-1, 10, 42].allSatisfy { KWinTouchEdges.meaning(ofElectricBorder: $0) == .invalid })
    }

    @Test func absurdValuesAreNamedInNotesAndTakeNoEdge() throws {
        var facts = Self.clean()
        facts.desktop.kwinrc = try Self.fixture("kwinrc-absurd")
        facts.edgeSwipeEdges = [.left, .right, .top, .bottom]
        let report = DoctorChecks.run(facts)
        // Only [TabBox] TouchBorderAlternativeActivate=2 (line 10, the right edge) is a KWin border.
        #expect(report.findings.map(\.subject) == ["/home/alice/.config/kwinrc:10"])
        let notes = report.notes.filter { $0.hasPrefix("KWin configuration /home/alice/.config/kwinrc: ") }
        #expect(notes.count == 4, "\(notes)")
        #expect(notes.contains { $0.hasSuffix("line 2: [Effect-overview] TouchBorderActivate: '42' is not a KWin border number (0 to 9)") })
        #expect(notes.contains { $0.hasSuffix("'99999999999999999999' is not a KWin border number (0 to 9)") })
    }

    @Test func binaryGarbageOrAHugeFileIsOneNoteAndNoFinding() {
        var facts = Self.clean()
        var garbage: [UInt8] = []
        var x: UInt32 = 12345
        for _ in 0..<65_536 { x = x &* 1_103_515_245 &+ 12345; garbage.append(UInt8(truncatingIfNeeded: x >> 16)) }
        garbage += Array("\n[TouchEdges]\nLeft=ShowDesktop\n".utf8) + [0]
        facts.desktop.kwinrc = UserTextFile(path: "/home/alice/.config/kwinrc", text: String(decoding: garbage, as: UTF8.self))
        let report = DoctorChecks.run(facts)
        #expect(report.findings == [])
        #expect(report.notes.contains("KWin configuration /home/alice/.config/kwinrc: it holds NUL bytes, so it is not a KConfig text file: nothing read from it"))
        // A megabyte of [TouchEdges] lines: one edge per line, each a finding, all computed (the reader bounds the size).
        let lines = String(repeating: "Right=KRunner\n", count: 70_000)
        facts.desktop.kwinrc = UserTextFile(path: "k", text: "[TouchEdges]\n" + lines + "Left=LockScreen\n")
        #expect(findings(facts).map(\.subject) == ["k:70002"])
    }

    @Test func anInputActionsTouchscreenSectionIsInformation() throws {
        var facts = Self.clean()
        facts.desktop.inputActions = UserTextFile(path: "/home/alice/.config/inputactions/config.yaml",
                                                  text: try String(contentsOfFile: Fixtures.path("desktop/inputactions-touchscreen.yaml"), encoding: .utf8))
        let report = DoctorChecks.run(facts)
        #expect(report.findings.map(\.code) == [.inputActionsTouchscreen])
        #expect(report.findings.first?.subject == "/home/alice/.config/inputactions/config.yaml:7")
        #expect(report.findings.first?.severity == .info)
        #expect(report.ok)
        // Touchpad gestures alone: nothing.
        facts.desktop.inputActions?.text = "touchpad:\n  gestures: []\n"
        #expect(findings(facts) == [])
    }

    @Test func plasmaMobileTakesTheBottomEdge() {
        var facts = Self.clean()
        facts.processes.append(ProcessFact(pid: 1500, name: "startplasmamobi", arguments: ["/bin/sh", "/usr/bin/startplasmamobile"], uid: Self.alice))
        #expect(findings(facts) == [])
        facts.edgeSwipeEdges = [.left, .bottom]
        let found = findings(facts)
        #expect(found.map(\.code) == [.plasmaMobileTaskSwitcher])
        #expect(found.first?.subject == "startplasmamobile (pid 1500)")
        // Another user's Plasma Mobile is not this user's session.
        facts.processes[facts.processes.count - 1].uid = 1001
        #expect(findings(facts) == [])
        facts.desktop.sessionDesktop = "plasma-mobile"
        #expect(findings(facts).map(\.subject) == ["XDG_SESSION_DESKTOP=plasma-mobile"])
    }

    // MARK: GNOME

    @Test func gestureImprovementsEnabledIsOneFinding() throws {
        var facts = Self.clean()
        facts.desktop.gnome = try Self.gnomeSettings("dconf-user-gesture-improvements")
        let found = findings(facts)
        // The fixture enables gesture-improvements and not EdgeSwipe's own extension: both are said.
        #expect(found.map(\.code) == [.gnomeExtensionOff, .gnomeGestureExtension])
        #expect(found.last?.subject == "gestureImprovements@gestures")
        #expect(found.last?.remedy.hasPrefix("'gnome-extensions disable gestureImprovements@gestures'") == true)
    }

    /// Issue 39: EdgeSwipe's own extension not enabled is said (info), with the way to enable it; enabled, nothing.
    @Test func edgeSwipesOwnExtensionOffIsSaidOnceEnabledIsNothing() throws {
        var facts = Self.clean()
        facts.desktop.gnome = GnomeFact(version: "43.9", enabledExtensions: ["appindicatorsupport@rgcjonas.gmail.com"], settingsSource: "/home/alice/.config/dconf/user")
        let off = findings(facts)
        #expect(off.map(\.code) == [.gnomeExtensionOff])
        #expect(off.first?.severity == .info)
        #expect(off.first?.message.hasPrefix("EdgeSwipe's GNOME Shell extension (edgeswipe@edgeswipe.org) is not enabled (org.gnome.shell enabled-extensions, /home/alice/.config/dconf/user)") == true)
        #expect(off.first?.remedy.hasPrefix("'gnome-extensions enable edgeswipe@edgeswipe.org'") == true)
        facts.desktop.gnome?.enabledExtensions = ["edgeswipe@edgeswipe.org"]
        #expect(findings(facts) == [])
        facts.desktop.gnome?.userExtensionsDisabled = true
        #expect(findings(facts).first?.message.hasPrefix("every user extension is off (org.gnome.shell disable-user-extensions") == true)
        // Settings not read (no database, or the key unset): nothing is claimed.
        facts.desktop.gnome = GnomeFact(version: "43.9", settingsSource: "/home/alice/.config/dconf/user")
        #expect(findings(facts) == [])
    }

    @Test func extensionsSwitchedOffOrACleanListGiveNoFinding() throws {
        var facts = Self.clean()
        facts.desktop.gnome = try Self.gnomeSettings("dconf-user-extensions-off")
        #expect(facts.desktop.gnome?.enabledExtensions == ["gestureImprovements@gestures"])
        #expect(facts.desktop.gnome?.userExtensionsDisabled == true)
        // No gesture extension runs; EdgeSwipe's own is off with the rest, which is said.
        #expect(findings(facts).map(\.code) == [.gnomeExtensionOff])
        facts.desktop.gnome = try Self.gnomeSettings("dconf-user-clean")
        facts.desktop.gnome?.enabledExtensions?.append(DoctorChecks.edgeSwipeExtensionUUID)
        #expect(findings(facts) == [])
    }

    @Test func theShellsEdgeDragsAreFindingsOnlyOnTopAndBottom() throws {
        var facts = Self.clean()
        facts.desktop.gnome = try Self.gnomeSettings("dconf-user-clean")
        facts.desktop.gnome?.enabledExtensions?.append(DoctorChecks.edgeSwipeExtensionUUID)
        facts.edgeSwipeEdges = [.left, .right]
        #expect(findings(facts) == [])
        facts.edgeSwipeEdges = [.left, .top, .bottom]
        let found = findings(facts)
        #expect(found.map(\.code) == [.gnomeEdgeDrag, .gnomeEdgeDrag])
        #expect(found.map(\.subject) == ["gnome-shell top edge", "gnome-shell bottom edge"])
        #expect(found.first?.message.hasPrefix("GNOME Shell 43.9 takes a touch drag down from the top edge") == true)
    }

    @Test func threeFingerSwipesGiveTheInformationalPanFinding() throws {
        var facts = Self.clean()
        facts.desktop.gnome = try Self.gnomeSettings("dconf-user-clean")
        facts.desktop.gnome?.enabledExtensions?.append(DoctorChecks.edgeSwipeExtensionUUID)
        facts.edgeSwipeFingers = [1, 2]
        #expect(findings(facts) == [])
        facts.edgeSwipeFingers = [1, 3]
        let report = DoctorChecks.run(facts)
        #expect(report.findings.map(\.code) == [.gnomeThreeFingerPan])
        #expect(report.findings.first?.severity == .info)
        #expect(report.ok)
    }

    @Test func theShellsVersionLine() {
        #expect(GnomeFact.version(fromVersionLine: "GNOME Shell 43.9\n") == "43.9")
        #expect(GnomeFact(version: "43.9", settingsSource: "").majorVersion == 43)
        #expect(GnomeFact.version(fromVersionLine: "GNOME Shell\n") == nil)
        #expect(GnomeFact.version(fromVersionLine: "bash: gnome-shell: not found") == nil)
    }

    // MARK: Phosh and lisgd

    @Test func aPhoshSessionTakesTopAndBottomNotLeft() {
        var facts = Self.clean()
        facts.processes += [ProcessFact(pid: 700, name: "phoc", arguments: ["/usr/bin/phoc", "-S", "-E", "/usr/libexec/phosh"], uid: Self.alice),
                            ProcessFact(pid: 701, name: "phosh", arguments: ["/usr/libexec/phosh"], uid: Self.alice)]
        #expect(findings(facts) == [])
        facts.edgeSwipeEdges = [.left, .bottom]
        let found = findings(facts)
        #expect(found.map(\.code) == [.phoshEdge])
        #expect(found.first?.subject == "phosh (pid 701)")
        #expect(found.first?.message.contains("home bar") == true)
    }

    @Test func aLisgdGestureOnTheLeftEdgeIsOneFindingOnTheRightNone() {
        var facts = Self.clean()
        let lisgd = ProcessFact(pid: 702, name: "lisgd", arguments: ["lisgd", "-d", "/dev/input/event5", "-g", "1,RL,R,*,R,phosh-osk-toggle",
                                                                      "-g", "1,LR,L,*,R,wtype -k XF86Back"])
        facts.processes.append(lisgd)
        let found = findings(facts)
        #expect(found.map(\.code) == [.lisgdEdgeGesture])
        #expect(found.first?.message.contains("-g '1,LR,L,*,R,wtype -k XF86Back', a swipe from the left edge") == true)
        // Its right-edge gesture alone conflicts with nothing, and lisgd is then no other finding either.
        facts.processes[facts.processes.count - 1].arguments = ["lisgd", "-g", "1,RL,R,*,R,phosh-osk-toggle"]
        #expect(findings(facts) == [])
    }

    @Test func lisgdEdgesFollowItsFieldsAndOrientation() {
        func edges(_ arguments: [String]) -> [Set<Edge>] { LisgdGesture.gestures(arguments: arguments).map(\.edges) }
        #expect(edges(["lisgd", "-g", "1,LR,*,*,R,x"]) == [Set(Edge.allCases)])
        #expect(edges(["lisgd", "-g", "1,LR,notify-send old form"]) == [Set(Edge.allCases)])
        #expect(edges(["lisgd", "-g", "1,DU,BL,*,R,x"]) == [[.bottom, .left]])
        #expect(edges(["lisgd", "-g", "2,DU,N,*,R,x"]) == [[]])
        // -o 1: one quarter turn, the left edge becomes the top (lisgd.c edgereorient).
        #expect(edges(["lisgd", "-o", "1", "-g", "1,LR,L,*,R,x"]) == [[.top]])
        #expect(edges(["lisgd", "-d", "/dev/input/event1"]) == [])
    }
}
