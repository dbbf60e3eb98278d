import EdgeSwipeHaptics
import EdgeSwipeSystem

/// The session's haptics as chosen.
enum SessionHaptics {
    /// Nil when off, or when the output cannot be had (said once: the arrow goes on).
    static func make(_ choice: HapticsChoice, loop: EventLoop, say: @escaping (String) -> Void) -> Haptics? {
        do throws(HapticsError) {
            switch choice {
            case .off: return nil
            case .feedbackd: return Haptics(output: try FeedbackdHaptics(loop: loop, report: say))
            case .evdev(let path, let pulse): return Haptics(output: try EvdevRumble(path: path, pulse: pulse, report: say))
            }
        } catch {
            say("no haptics: \(error)")
            return nil
        }
    }
}
