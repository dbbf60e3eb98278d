import EdgeSwipeDoctor
import Gestures
import Testing

/// Issue 27, `edgeswipe doctor`: one case per finding, each giving exactly that one finding over an otherwise
/// clean machine, and the clean machine giving none. The facts are written down as /proc, udev and the control
/// socket would show them on a kiosk with one touchscreen, the packaged service and sway.
@Suite struct DoctorChecksTests {
    static let panel = TouchDeviceFact(node: "/dev/input/event5", name: "ILITEK ILITEK-TP", used: true,
                                       reason: "touchscreen (ID_INPUT_TOUCHSCREEN)", grabbedByOther: false)
    static let service = ProcessFact(pid: 410, name: "edgeswipe", arguments: ["/usr/bin/edgeswipe", "run", "--config",
                                                                             "/etc/edgeswipe/edgeswipe.yaml"],
                                     inputNodes: ["/dev/input/event5"])
    static let sway = ProcessFact(pid: 900, name: "sway", arguments: ["sway"], inputNodes: ["/dev/input/event5"])
    static let kioskBrowser = ProcessFact(pid: 1200, name: "chromium", arguments: [
        "/usr/lib/chromium/chromium", "--kiosk", "--overscroll-history-navigation=0", "http://127.0.0.1:8710/"])
    static let renderer = ProcessFact(pid: 1230, name: "chromium", arguments: ["/usr/lib/chromium/chromium", "--type=renderer"])
    static let doctor = ProcessFact(pid: 5000, name: "edgeswipe", arguments: ["edgeswipe", "doctor"])

    /// A working kiosk: the service reads the panel, sway reads it too (not a grab), the browser has the flag.
    static func clean() -> DoctorFacts {
        DoctorFacts(touchDevices: [panel], processes: [service, sway, kioskBrowser, renderer, doctor], edgeSwipeEdges: [.left],
                    service: .reachable(socket: "/run/edgeswipe/control.sock", protocolVersion: DoctorChecks.protocolVersion, server: "edgeswipe"),
                    compositorConfigs: [ConfigFileFact(compositor: .sway, path: "/etc/sway/config",
                                                       text: "output * bg #000000 solid_color\nexec swayidle -w\nbindgesture swipe:3:left workspace prev\n")],
                    selfPID: 5000)
    }

    func codes(_ facts: DoctorFacts) -> [DoctorFinding.Code] { DoctorChecks.run(facts).findings.map(\.code) }

    @Test func aCleanSetupGivesNoFinding() {
        let report = DoctorChecks.run(Self.clean())
        #expect(report.findings == [])
        #expect(report.notes.contains("device /dev/input/event5 (ILITEK ILITEK-TP): used: touchscreen (ID_INPUT_TOUCHSCREEN)"))
        #expect(report.notes.contains("service: answers at /run/edgeswipe/control.sock, protocol \(DoctorChecks.protocolVersion)"))
    }

    @Test func lisgdRunningIsOneFindingNamingItsPidAndDevice() {
        var facts = Self.clean()
        facts.processes.append(ProcessFact(pid: 777, name: "lisgd", arguments: ["lisgd", "-d", "/dev/input/event5"],
                                           inputNodes: ["/dev/input/event5"]))
        let findings = DoctorChecks.run(facts).findings
        #expect(findings.map(\.code) == [.otherGestureTool])
        #expect(findings.first?.subject == "lisgd (pid 777)")
        #expect(findings.first?.message.contains("reading /dev/input/event5") == true)
    }

    @Test func scriptedGestureToolsAreFoundByTheirScriptName() {
        for (interpreter, script, tool) in [("/usr/bin/python3", "/usr/bin/libinput-gestures", "libinput-gestures"),
                                            ("ruby", "/usr/local/bin/fusuma", "fusuma")] {
            var facts = Self.clean()
            facts.processes.append(ProcessFact(pid: 800, name: String(interpreter.split(separator: "/").last!),
                                               arguments: [interpreter, script]))
            let findings = DoctorChecks.run(facts).findings
            #expect(findings.map(\.code) == [.otherGestureTool])
            #expect(findings.first?.subject == "\(tool) (pid 800)")
        }
    }

    @Test func aSecondGrabbingProcessIsOneFinding() {
        var facts = Self.clean()
        facts.touchDevices[0].grabbedByOther = true
        // The packaged service does not hold the node in this case (stopped); a test program grabs it.
        facts.processes.removeAll { $0.pid == Self.service.pid }
        facts.processes.append(ProcessFact(pid: 321, name: "evtest", arguments: ["evtest", "--grab", "/dev/input/event5"],
                                           inputNodes: ["/dev/input/event5"]))
        let findings = DoctorChecks.run(facts).findings
        #expect(findings.map(\.code) == [.touchscreenGrabbed])
        #expect(findings.first?.subject == "/dev/input/event5")
        // sway holds the node open too: both readers are named, the doctor itself is not.
        #expect(findings.first?.message.contains("sway (pid 900), evtest (pid 321)") == true)
    }

    @Test func theServicesOwnGrabInOwnershipModeIsNoFinding() {
        var facts = Self.clean()
        facts.touchDevices[0].grabbedByOther = true
        facts.touchDevices[0].owned = true
        #expect(codes(facts) == [])
        // Not owned, the service only reads the node: a grab is another program's, whoever else holds it open.
        facts.touchDevices[0].owned = false
        #expect(codes(facts) == [.touchscreenGrabbed])
    }

    @Test func twoEdgeSwipeServicesAreOneFinding() {
        var facts = Self.clean()
        facts.processes.append(ProcessFact(pid: 2000, name: "edgeswipe", arguments: ["./edgeswipe", "run", "-c", "my.yaml"]))
        let findings = DoctorChecks.run(facts).findings
        #expect(findings.map(\.code) == [.secondEdgeSwipe])
        #expect(findings.first?.subject == "pids 410, 2000")
    }

    @Test func aCompositorEdgeBindingOnTheBackEdgeIsOneFinding() {
        var facts = Self.clean()
        facts.compositorConfigs = [ConfigFileFact(compositor: .hyprland, path: "/home/kiosk/.config/hypr/hyprland.conf",
                                                  text: "monitor=,preferred,auto,1\n# bind = , edge:l:r, exec, old\nhyprgrass-bind = , edge:l:r, exec, wofi\n")]
        let findings = DoctorChecks.run(facts).findings
        #expect(findings.map(\.code) == [.compositorEdgeBinding])
        #expect(findings.first?.subject == "/home/kiosk/.config/hypr/hyprland.conf:3")
        #expect(findings.first?.message.contains("from the left edge") == true)
    }

    @Test func aBindingOnAnEdgeEdgeSwipeDoesNotUseIsNoFinding() {
        var facts = Self.clean()
        facts.compositorConfigs = [ConfigFileFact(compositor: .wayfire, path: "wayfire.ini",
                                                  text: "[command]\nbinding_menu = edge-swipe up 1\ncommand_menu = wofi\n")]
        #expect(codes(facts) == [])
        facts.edgeSwipeEdges = [.left, .bottom]
        #expect(codes(facts) == [.compositorEdgeBinding])
    }

    @Test func aKioskBrowserWithoutTheFlagIsOneFinding() {
        var facts = Self.clean()
        facts.processes[2].arguments.removeAll { $0 == DoctorChecks.chromiumFlag }
        let findings = DoctorChecks.run(facts).findings
        #expect(findings.map(\.code) == [.browserOwnSwipe])
        #expect(findings.first?.subject == "chromium (pid 1200)")
    }

    @Test func aDesktopBrowserOrARendererIsNoKioskBrowser() {
        var facts = Self.clean()
        facts.processes.append(ProcessFact(pid: 1300, name: "chromium", arguments: ["/usr/lib/chromium/chromium", "https://example.org"]))
        facts.processes.append(ProcessFact(pid: 1301, name: "chromium", arguments: ["/usr/lib/chromium/chromium", "--type=gpu-process", "--kiosk"]))
        #expect(codes(facts) == [])
    }

    @Test func anUnreachableServiceIsOneFinding() {
        var facts = Self.clean()
        facts.service = .unreachable(socket: "/run/edgeswipe/control.sock", error: "connect: Permission denied (errno 13)")
        let findings = DoctorChecks.run(facts).findings
        #expect(findings.map(\.code) == [.serviceUnreachable])
        #expect(findings.first?.message.contains("Permission denied") == true)
    }

    @Test func anotherProtocolVersionIsOneFinding() {
        var facts = Self.clean()
        for other in [DoctorChecks.protocolVersion - 1, DoctorChecks.protocolVersion + 1] {
            facts.service = .reachable(socket: "/run/edgeswipe/control.sock", protocolVersion: other, server: "edgeswipe")
            #expect(codes(facts) == [.protocolMismatch])
        }
    }

    @Test func noUsedTouchDeviceIsOneFindingListingWhy() {
        var facts = Self.clean()
        facts.touchDevices = [TouchDeviceFact(node: "/dev/input/event3", name: "SynPS/2 Synaptics TouchPad", used: false,
                                              reason: "touchpad, and select is touchscreens")]
        let findings = DoctorChecks.run(facts).findings
        #expect(findings.map(\.code) == [.noTouchDeviceUsed])
        #expect(findings.first?.message.contains("/dev/input/event3 (SynPS/2 Synaptics TouchPad): touchpad, and select is touchscreens") == true)
    }

    @Test func aSwayConfigStartingLisgdIsOneFindingUntilItRuns() {
        var facts = Self.clean()
        facts.compositorConfigs[0].text += "exec_always lisgd -d /dev/input/event5 -g '1,LR,L,*,R,swaymsg workspace prev'\n"
        let findings = DoctorChecks.run(facts).findings
        #expect(findings.map(\.code) == [.otherGestureTool])
        #expect(findings.first?.subject == "/etc/sway/config:4")
        // Running, it is reported once, by its pid.
        facts.processes.append(ProcessFact(pid: 901, name: "lisgd", arguments: ["lisgd"]))
        #expect(DoctorChecks.run(facts).findings.map(\.subject) == ["lisgd (pid 901)"])
    }
}
