import Synchronization

/// The counters of ControlServerStatistics and HTTPStatistics: relaxed atomics, read from any thread for reports
/// (a count orders nothing).
extension Atomic where Value == Int {
    /// One more.
    func bump() { add(1, ordering: .relaxed) }

    /// At least `value`: a high-water mark.
    func raise(to value: Int) {
        var current = load(ordering: .relaxed)
        while value > current {
            let (exchanged, original) = compareExchange(expected: current, desired: value, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}
