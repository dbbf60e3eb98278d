import Foundation
import Testing

/// `edgeswipe feedback`'s command line: usage errors are 64 and name the option; a session without a Wayland
/// display is a runtime failure (1) that says so. Drawing and observing run in the VM (Tests/VM/compositor).
@Suite struct FeedbackCLITests {
    @Test func helpNamesEveryOption() throws {
        let r = try CLI.run(["feedback", "--help"])
        #expect(r.status == 0)
        for option in ["--socket PATH", "--display NAME", "--output NAME", "--haptics", "--haptic-pulse-ms MS", "--verbose",
                       "--focus none|auto|sway|foreign-toplevel|hyprland"] {
            #expect(r.stdout.contains(option), "\(option)")
        }
    }

    @Test func usageErrorsAre64AndNameTheOption() throws {
        let cases: [([String], String)] = [
            (["feedback", "--output", ""], "--output must not be empty"),
            (["feedback", "--socket", ""], "--socket must not be empty"),
            (["feedback", "--frobnicate"], "unknown option '--frobnicate'"),
            (["feedback", "extra"], "unexpected argument 'extra'"),
            (["feedback", "--output"], "option '--output' needs a value"),
            (["feedback", "--haptics", "buzz"], "--haptics 'buzz': expected feedbackd, evdev:/dev/input/eventN or off"),
            (["feedback", "--haptics", "evdev:/dev/input/event5", "--haptic-pulse-ms", "7"], "--haptic-pulse-ms '7'"),
            (["feedback", "--focus", "mutter"], "--focus must be one of none|auto|sway|foreign-toplevel|hyprland|gnome-shell|kwin, got 'mutter'"),
            (["feedback", "--focus"], "option '--focus' needs a value"),
        ]
        for (arguments, message) in cases {
            let r = try CLI.run(arguments)
            #expect(r.status == 64, "\(arguments)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("edgeswipe feedback --help"))
        }
    }

    @Test func noWaylandDisplayIsAFailureThatSaysSo() throws {
        let missing = NSTemporaryDirectory() + "edgeswipe-no-such-dir-\(getpid())/wayland-9"
        let r = try CLI.run(["feedback", "--display", missing, "--socket", missing + ".sock"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot connect to the Wayland display \(missing)"), "\(r.stderr)")
    }
}
