import TouchModel

/// The transition log of one recognizer, plus a count of impossible transitions (bugs) for tests to assert. The
/// sink is off (nil) by default; when off, no line is formatted, so logging costs one nil check per transition.
struct TransitionLog {
    var sink: LogSink?
    private(set) var bugCount = 0

    @inline(__always)
    func transition(_ name: RecognizerID, _ from: SwipeState, _ event: @autoclosure () -> String, _ to: SwipeState) {
        guard let sink else { return }
        sink.debug("\(name): \(from.rawValue) → \(event()) → \(to.rawValue)")
    }

    /// One more impossible transition (every machine's `bug` counts through here).
    mutating func countBug() { bugCount += 1 }

    /// An event that cannot happen in this state: a bug in the caller or the recognizer. Counted even when
    /// logging is off, so it is never silent in tests.
    mutating func bug(_ name: RecognizerID, _ state: SwipeState, _ event: @autoclosure () -> String) {
        countBug()
        sink?(.error, "BUG \(name): \(state.rawValue) → \(event()) is not a valid transition; ignored")
    }
}
