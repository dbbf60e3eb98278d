import EdgeSwipeDoctor
import Testing

/// Hyprland's per-device rules against an owned panel (issue 27, item 5: ownership and the clone's mapping). The
/// clone keeps the panel's kernel name, and Hyprland's `getNameForNewDevice` gives the second device of one name
/// a `-1` suffix, so a rule for one name reaches one of the two devices.
@Suite struct HyprlandDeviceRuleTests {
    /// The clean kiosk with its panel owned and a Hyprland configuration (the panel is "ILITEK ILITEK-TP").
    static func owned(_ hyprland: String) -> DoctorFacts {
        var facts = DoctorScreenChecksTests.clean()
        facts.touchDevices[0].owned = true
        facts.compositorConfigs = [ConfigFileFact(compositor: .hyprland, path: "/home/kiosk/.config/hypr/hyprland.conf", text: hyprland)]
        return facts
    }

    @Test func hyprlandsNameForADevice() {
        // Worked by hand from Hyprland's rule: blanks and newlines to '-', ASCII lowercased; commas kept by older
        // releases and turned to '-' by newer ones.
        #expect(HyprlandDeviceRule.deviceNames(kernelName: "ILITEK ILITEK-TP") == ["ilitek-ilitek-tp"])
        #expect(HyprlandDeviceRule.deviceNames(kernelName: "FTSC1000:00 2808:5662") == ["ftsc1000:00-2808:5662"])
        #expect(HyprlandDeviceRule.deviceNames(kernelName: "Goodix Capacitive TouchScreen, rev 2")
                    == ["goodix-capacitive-touchscreen,-rev-2", "goodix-capacitive-touchscreen--rev-2"])
        // Only ASCII letters change, as C's tolower in the C locale.
        #expect(HyprlandDeviceRule.deviceNames(kernelName: "Ünicode Panel") == ["Ünicode-panel"])
    }

    @Test func rulesAreReadInBothFormsAndOnlyDeviceNames() {
        let file = ConfigFileFact(compositor: .hyprland, path: "h", text: """
            input {
                kb_layout = us
                touchdevice {
                    output = DSI-1
                }
            }
            device {
                name = ilitek-ilitek-tp   # the panel
                output = DSI-1
            }
            device:wacom-pen {
                output = DSI-1
            }
            # device { name = commented-out }
            misc { name = not-a-device }
            """)
        let rules = HyprlandDeviceRule.rules(in: file)
        #expect(rules.map(\.name) == ["ilitek-ilitek-tp", "wacom-pen"])
        #expect(rules.map(\.line) == [8, 11])
        // A sway file is not read as Hyprland's, and the other way round.
        #expect(HyprlandDeviceRule.rules(in: ConfigFileFact(compositor: .sway, path: "s", text: file.text)) == [])
        #expect(SwayInputRule.rules(in: file) == [])
    }

    @Test func aRuleForOneOfTheTwoNamesIsAFinding() {
        let panelRule = "device {\n    name = ilitek-ilitek-tp\n    output = DSI-1\n}\n"
        let findings = DoctorChecks.run(Self.owned(panelRule)).findings
        #expect(findings.map(\.code) == [.cloneMissesInputRule])
        #expect(findings.first?.subject == "/home/kiosk/.config/hypr/hyprland.conf:2")
        #expect(findings.first?.message.contains("'ilitek-ilitek-tp-1'") == true)
        // A rule for the suffixed name alone reaches one of the two as well.
        #expect(DoctorChecks.run(Self.owned("device:ilitek-ilitek-tp-1 {\n  output = DSI-1\n}\n")).findings.map(\.code) == [.cloneMissesInputRule])
    }

    @Test func rulesForBothNamesOrForEveryTouchDeviceAreNoFinding() {
        let both = "device {\n    name = ilitek-ilitek-tp\n    output = DSI-1\n}\ndevice {\n    name = ilitek-ilitek-tp-1\n    output = DSI-1\n}\n"
        #expect(DoctorChecks.run(Self.owned(both)).findings.map(\.code) == [])
        let everyTouch = "input {\n    touchdevice {\n        output = DSI-1\n    }\n}\n"
        #expect(DoctorChecks.run(Self.owned(everyTouch)).findings.map(\.code) == [])
        // Another device's rule, or "-1x" (not Hyprland's suffix): not this panel's.
        #expect(DoctorChecks.run(Self.owned("device {\n  name = ilitek-ilitek-tp-1x\n}\n")).findings.map(\.code) == [])
        // Not owned: Hyprland reads the panel itself, and a rule for its name reaches it.
        var shared = Self.owned("device {\n    name = ilitek-ilitek-tp\n}\n")
        shared.touchDevices[0].owned = false
        #expect(DoctorChecks.run(shared).findings.map(\.code) == [])
    }
}
