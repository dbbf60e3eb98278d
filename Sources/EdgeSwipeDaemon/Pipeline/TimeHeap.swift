import TouchModel

/// A binary min-heap ordered by time, then by rank: the earliest entry first, the lower rank first among
/// entries at the same time. Push and pop cost O(log n), so nothing that uses it scans every device.
struct TimeHeap<Payload> {
    struct Entry {
        var time: Microseconds
        var rank: Int
        var payload: Payload
    }

    private(set) var entries: [Entry] = []

    var count: Int { entries.count }
    var first: Entry? { entries.first }
    /// The first entry's time, without copying (and retaining) its payload.
    var firstTime: Microseconds? { entries.isEmpty ? nil : entries[0].time }

    /// The time of the first entry `isLive` accepts, popping the entries before it; nil when none is left.
    /// The entries are read in place.
    @inline(__always)
    mutating func firstTime(where isLive: (Microseconds, Payload) -> Bool) -> Microseconds? {
        while !entries.isEmpty {
            if isLive(entries[0].time, entries[0].payload) { return entries[0].time }
            popFirst()
        }
        return nil
    }

    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.time != b.time ? a.time < b.time : a.rank < b.rank
    }

    mutating func push(time: Microseconds, rank: Int, payload: Payload) {
        entries.append(Entry(time: time, rank: rank, payload: payload))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(entries[child], entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func popFirst() -> Entry? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let top = entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count, Self.precedes(entries[left], entries[smallest]) { smallest = left }
            if right < entries.count, Self.precedes(entries[right], entries[smallest]) { smallest = right }
            guard smallest != parent else { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }

    mutating func removeAll() { entries.removeAll(keepingCapacity: true) }
}
