import EdgeSwipeHaptics
import Testing
import TouchModel

@Suite struct HapticsChoiceTests {
    @Test func theThreeChoices() throws {
        #expect(try HapticsChoice.parse("feedbackd") == .feedbackd)
        #expect(try HapticsChoice.parse("off") == .off)
        #expect(try HapticsChoice.parse("evdev:/dev/input/event5") == .evdev(path: "/dev/input/event5", pulse: Microseconds(20_000)))
        #expect(try HapticsChoice.parse("evdev:/dev/input/by-path/platform-vibrator-event", pulseMs: "35")
                == .evdev(path: "/dev/input/by-path/platform-vibrator-event", pulse: Microseconds(35_000)))
    }

    @Test func pulsesOutsideFifteenToOneThousandMsAreRefusedByName() throws {
        for bad in ["7", "14", "1001", "-20", "20ms", "", "2.5"] {
            #expect(throws: HapticsError.self) { try HapticsChoice.parse("evdev:/dev/input/event5", pulseMs: bad) }
        }
        #expect(try HapticsChoice.parse("evdev:/dev/input/event5", pulseMs: "15") == .evdev(path: "/dev/input/event5", pulse: Microseconds(15_000)))
        #expect(try HapticsChoice.parse("evdev:/dev/input/event5", pulseMs: "1000") == .evdev(path: "/dev/input/event5", pulse: Microseconds(1_000_000)))
        do {
            _ = try HapticsChoice.parse("evdev:/dev/input/event5", pulseMs: "7")
        } catch {
            #expect(error.description.hasPrefix("--haptic-pulse-ms '7': a whole number of milliseconds from 15 to 1000"))
        }
    }

    @Test func badValuesNameTheOption() {
        let cases: [(String, String?, String)] = [
            ("vibrate", nil, "--haptics 'vibrate': expected feedbackd, evdev:/dev/input/eventN or off"),
            ("evdev:event5", nil, "--haptics 'evdev:event5': the vibrator's path must be absolute (evdev:/dev/input/eventN)"),
            ("evdev:", nil, "--haptics 'evdev:': the vibrator's path must be absolute (evdev:/dev/input/eventN)"),
            ("feedbackd", "20", "--haptic-pulse-ms is for --haptics evdev:PATH only, not feedbackd"),
        ]
        for (value, pulse, message) in cases {
            #expect(throws: HapticsError(message)) { try HapticsChoice.parse(value, pulseMs: pulse) }
        }
    }
}

@Suite struct EvdevRumbleOpenTests {
    // Whatever is not a vibrator is refused when the command starts, naming the path; no play is attempted.
    @Test func aMissingPathAndANonInputFileAreRefusedByName() {
        do {
            _ = try EvdevRumble(path: "/nonexistent/event9", pulse: Microseconds(20_000)) { _ in }
            Issue.record("opened a missing path")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent/event9: cannot open the vibrator ("))
        }
        do {
            _ = try EvdevRumble(path: "/dev/null", pulse: Microseconds(20_000)) { _ in }
            Issue.record("opened /dev/null as a vibrator")
        } catch {
            #expect(error.description.hasPrefix("/dev/null: not an input device with force feedback ("))
        }
    }
}
