import TouchInput

/// The forwarder's frame buffers (the frame being read, the frames for the clone): events in memory the buffer
/// allocates once and frees when it goes, grown when a frame is longer. An array would check its uniqueness (a
/// runtime call) at every append and be retained wherever it is read or returned; these events are appended and
/// read a few times for every frame of an owned device. Non-copyable: one owner frees the memory, and no copy can
/// outlive it; the events are lent out only for the length of a call (`withEvents`).
struct EventBuffer: ~Copyable {
    private(set) var base: UnsafeMutablePointer<InputEvent>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// The events, lent to `body` (valid only inside it).
    @inline(__always)
    func withEvents<R, E: Error>(_ body: (UnsafeBufferPointer<InputEvent>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    @inline(__always)
    mutating func append(_ event: InputEvent) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: event)
        count += 1
    }

    mutating func append(contentsOf other: borrowing EventBuffer) {
        if count + other.count > capacity { grow(to: Swift.max(capacity * 2, count + other.count)) }
        (base + count).initialize(from: other.base, count: other.count)
        count += other.count
    }

    /// Forgets the events; the memory stays for the next frame.
    mutating func removeAll() { count = 0 }

    private mutating func grow(to newCapacity: Int) {
        let bigger = UnsafeMutablePointer<InputEvent>.allocate(capacity: newCapacity)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }
}
