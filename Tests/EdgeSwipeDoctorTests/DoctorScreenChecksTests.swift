import EdgeSwipeControl
import EdgeSwipeDoctor
import Gestures
import Testing
import TouchModel

/// Issue 27's last doctor findings, each exactly once over the clean kiosk of DoctorChecksTests: rotation and mapping
/// agreeing with the compositor's (the service's published screens against `swaymsg -t get_outputs` or `hyprctl
/// monitors -j`), and a sway rule written for an owned panel that its clone does not match.
@Suite struct DoctorScreenChecksTests {
    /// The clean kiosk, with the service's screen (upright, on DSI-1) and sway's one output, not turned.
    static func clean() -> DoctorFacts {
        var facts = DoctorChecksTests.clean()
        facts.screens = [ScreenFact(rotation: .r0, output: "DSI-1")]
        facts.compositorOutputs = [CompositorOutputFact(name: "DSI-1", orientation: OutputOrientation(transform: .r0))]
        return facts
    }

    func codes(_ facts: DoctorFacts) -> [DoctorFinding.Code] { DoctorChecks.run(facts).findings.map(\.code) }

    @Test func agreeingScreensGiveNoFinding() {
        #expect(codes(Self.clean()) == [])
        var turned = Self.clean()
        turned.screens = [ScreenFact(rotation: .r90, output: "DSI-1")]
        turned.compositorOutputs = [CompositorOutputFact(name: "DSI-1", orientation: OutputOrientation(transform: .r270))]
        #expect(codes(turned) == [])
        // No compositor read (none running, or its tool missing), or a service without screens: nothing to compare.
        var unread = Self.clean()
        unread.compositorOutputs = nil
        unread.screens = [ScreenFact(rotation: .r270)]
        #expect(codes(unread) == [])
    }

    @Test func theCompositorTurnedTheOutputAndTheServiceDidNot() {
        var facts = Self.clean()
        facts.compositorOutputs = [CompositorOutputFact(name: "DSI-1", orientation: OutputOrientation(transform: .r90))]
        let findings = DoctorChecks.run(facts).findings
        #expect(findings.map(\.code) == [.rotationMismatch])
        #expect(findings.first?.message == "touches of touchscreen 1 are turned 0°, but the compositor turns DSI-1 by transform 90: "
                + "a swipe from the edge the user sees on the left is read as from another edge")
        #expect(findings.first?.remedy.hasSuffix("; or set 'rotation: 270'") == true)  // counter-clockwise 90
        // Mirrored outputs count: flipped-180 against a plain 180.
        facts.screens = [ScreenFact(rotation: .r180, output: "DSI-1")]
        facts.compositorOutputs = [CompositorOutputFact(name: "DSI-1", orientation: OutputOrientation(transform: .r180, flipped: true))]
        #expect(codes(facts) == [.rotationMismatch])
        // With no output named, the compositor's only output is the one.
        facts.screens = [ScreenFact(rotation: .r0)]
        facts.compositorOutputs = [CompositorOutputFact(name: "HDMI-A-1", orientation: OutputOrientation(transform: .r90))]
        #expect(codes(facts) == [.rotationMismatch])
    }

    @Test func twoOutputsAndNoneNamedOrAnOutputTheCompositorLacks() {
        var facts = Self.clean()
        facts.screens = [ScreenFact(rotation: .r0)]
        facts.compositorOutputs = [CompositorOutputFact(name: "HEADLESS-1", orientation: OutputOrientation(transform: .r0)),
                                   CompositorOutputFact(name: "HEADLESS-2", orientation: OutputOrientation(transform: .r270))]
        #expect(codes(facts) == [.outputAmbiguous])
        // Named: the second output's transform is the one compared.
        facts.screens = [ScreenFact(rotation: .r90, output: "HEADLESS-2")]
        #expect(codes(facts) == [])
        facts.screens = [ScreenFact(rotation: .r0, output: "HEADLESS-2")]
        #expect(codes(facts) == [.rotationMismatch])
        facts.screens = [ScreenFact(rotation: .r0, output: "DP-3")]
        let findings = DoctorChecks.run(facts).findings
        #expect(findings.map(\.code) == [.outputMismatch])
        #expect(findings.first?.message == "the service maps touchscreen 1 to output DP-3, which the compositor does not have (it has HEADLESS-1, HEADLESS-2)")
    }

    /// sway's rule for the owned panel by its identifier: the compositor reads the clone; when no device it reads has
    /// that identifier, the rule reaches nothing. A clone that keeps the identifier (issue 27, item 3) is no finding.
    @Test func aRuleForAnOwnedPanelTheCloneDoesNotMatch() {
        let id = SwayInputRule.identifier(vendor: 8746, product: 1, name: "ILITEK ILITEK-TP")
        #expect(id == "8746:1:ILITEK_ILITEK-TP")
        var facts = Self.clean()
        facts.touchDevices[0].owned = true
        facts.touchDevices[0].swayIdentifier = id
        facts.compositorConfigs = [ConfigFileFact(compositor: .sway, path: "/etc/sway/config",
                                                  text: "input type:touch events enabled\ninput \"8746:1:ILITEK_ILITEK-TP\" map_to_output DSI-1\n")]
        let clone = TouchDeviceFact(node: "/dev/input/event9", name: "ILITEK ILITEK-TP (EdgeSwipe)", used: false, reason: "EdgeSwipe's clone",
                                    swayIdentifier: "8746:1:ILITEK_ILITEK-TP_(EdgeSwipe)")
        facts.touchDevices.append(clone)
        let findings = DoctorChecks.run(facts).findings
        #expect(findings.map(\.code) == [.cloneMissesInputRule])
        #expect(findings.first?.subject == "/etc/sway/config:2")
        // The clone with the panel's identifier: the rule reaches it.
        facts.touchDevices[1].swayIdentifier = id
        #expect(codes(facts) == [])
        // Not owned: the compositor reads the panel itself.
        facts.touchDevices[1].swayIdentifier = "other"
        facts.touchDevices[0].owned = false
        #expect(codes(facts) == [])
    }

    @Test func swayRulesAreReadInBothForms() {
        let file = ConfigFileFact(compositor: .sway, path: "c", text: """
            input "1:2:Panel_A" map_to_output DSI-1
            input 3:4:Panel_B {
                calibration_matrix 0 -1 1 1 0 0
            }
            input type:touchpad tap enabled
            input * xkb_layout us
            # input "5:6:Old" map_to_output X
            inputs "7:8:Not" x
            """)
        #expect(SwayInputRule.rules(in: file).map(\.identifier) == ["1:2:Panel_A", "3:4:Panel_B"])
        #expect(SwayInputRule.rules(in: file).map(\.line) == [1, 2])
    }

    /// The compositors' own JSON, as they print it (fields trimmed to those read, plus neighbours).
    @Test func compositorOutputsAreReadFromSwayAndHyprland() {
        let sway = #"[{"name":"HEADLESS-1","active":true,"transform":"normal","scale":1.0},{"name":"HEADLESS-2","active":true,"transform":"flipped-90"},{"name":"HDMI-A-1","active":false,"transform":"normal"}]"#
        #expect(CompositorOutputFact.sway(sway) == [
            CompositorOutputFact(name: "HEADLESS-1", orientation: OutputOrientation(transform: .r0)),
            CompositorOutputFact(name: "HEADLESS-2", orientation: OutputOrientation(transform: .r90, flipped: true))])
        let hyprland = #"[{"id":0,"name":"eDP-1","transform":3,"scale":1.50},{"id":1,"name":"DP-2","transform":0}]"#
        // Hyprland's 3 is wl_output's 270 (counter-clockwise), which sway names 90: the panel turned 90 degrees
        // counter-clockwise, touches turned by 270.
        let hyprlandOutputs = CompositorOutputFact.hyprland(hyprland)
        #expect(hyprlandOutputs?.first?.orientation.rotation == .r270)
        #expect(hyprlandOutputs == [
            CompositorOutputFact(name: "eDP-1", orientation: OutputOrientation(transform: .r90)),
            CompositorOutputFact(name: "DP-2", orientation: OutputOrientation(transform: .r0))])
        #expect(CompositorOutputFact.sway("not json") == nil && CompositorOutputFact.hyprland("{}") == nil)
    }

    @Test func theHellosScreensAreRead() throws {
        func screens(_ text: String) throws -> [ScreenFact]? {
            guard case .hello(let hello) = ServiceLine(try JSONValue.decode(Array(text.utf8))) else { return nil }
            return ScreenFact.screens(fromHello: hello)
        }
        #expect(try screens(#"{"type":"hello","protocol":4,"server":"edgeswipe","screens":[{"widthMM":145.36,"heightMM":232.64,"rotation":90,"flipped":false,"output":"DSI-1"},{"widthMM":10,"heightMM":10,"rotation":0,"output":null}]}"#)
                == [ScreenFact(rotation: .r90, output: "DSI-1"), ScreenFact(rotation: .r0)])
        #expect(try screens(#"{"type":"hello","protocol":4,"server":"edgeswipe"}"#) == nil)
    }
}

/// Issue 33 item 9: an `output:` the compositor does not have (a typo) is named, from the compositor's own list.
@Suite struct ConfiguredOutputCheckTests {
    func codes(_ facts: DoctorFacts) -> [DoctorFinding] { DoctorChecks.run(facts).findings.filter { $0.code == .outputMismatch } }

    @Test func anOutputTheCompositorDoesNotHaveIsAFinding() throws {
        var facts = DoctorFacts()
        facts.compositorOutputs = [CompositorOutputFact(name: "eDP-1", orientation: OutputOrientation(transform: .r0)),
                                   CompositorOutputFact(name: "HDMI-A-1", orientation: OutputOrientation(transform: .r0))]
        facts.configuredOutputs = [ConfiguredOutputFact(name: "eDP1", place: "/etc/edgeswipe/edgeswipe.yaml:7 (devices[0])"),
                                   ConfiguredOutputFact(name: "HDMI-A-1", place: "/etc/edgeswipe/edgeswipe.yaml (defaults)")]
        let found = codes(facts)
        #expect(found.count == 1)
        let f = try #require(found.first)
        #expect(f.subject == "/etc/edgeswipe/edgeswipe.yaml:7 (devices[0])")
        #expect(f.message.contains("'output: eDP1'") && f.message.contains("eDP-1, HDMI-A-1"))
        #expect(f.remedy.contains("eDP-1, HDMI-A-1"))
        // Every name the compositor has: nothing. No compositor read: nothing to compare with.
        facts.configuredOutputs = [ConfiguredOutputFact(name: "eDP-1", place: "x")]
        #expect(codes(facts).isEmpty)
        facts.configuredOutputs = [ConfiguredOutputFact(name: "eDP1", place: "x")]
        facts.compositorOutputs = nil
        #expect(codes(facts).isEmpty)
    }
}
