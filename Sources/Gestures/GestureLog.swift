/// Where recognizers write their "state → event → state" lines. Off (nil) by default; when off, no line is
/// formatted, so logging costs one nil check per transition.
public typealias GestureLogSink = (String) -> Void

/// The transition log of one recognizer, plus a count of impossible transitions (bugs) for tests to assert.
struct TransitionLog {
    var sink: GestureLogSink?
    private(set) var bugCount = 0

    @inline(__always)
    func transition(_ name: RecognizerID, _ from: SwipeState, _ event: @autoclosure () -> String, _ to: SwipeState) {
        guard let sink else { return }
        sink("\(name): \(from.rawValue) → \(event()) → \(to.rawValue)")
    }

    /// An event that cannot happen in this state: a bug in the caller or the recognizer. Counted even when
    /// logging is off, so it is never silent in tests.
    mutating func bug(_ name: RecognizerID, _ state: SwipeState, _ event: @autoclosure () -> String) {
        bugCount += 1
        sink?("BUG \(name): \(state.rawValue) → \(event()) is not a valid transition; ignored")
    }
}
