/// Where a cue is felt: feedbackd on the session bus, an evdev vibrator, or nothing. `play` never blocks the
/// caller's event loop; a driver reports what fails through the `report` closure it was made with.
public protocol HapticOutput: AnyObject {
    /// What the output is, for the command's log line ("feedbackd on the session bus", "/dev/input/event5").
    var name: String { get }
    func play(_ cue: HapticCue)
}
