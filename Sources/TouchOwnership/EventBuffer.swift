import TouchInput

/// The forwarder's frame buffers (the frame being read, the frames for the clone): events in memory the owner
/// allocates once and frees with `deallocate()`, grown when a frame is longer. An array would check its
/// uniqueness (a runtime call) at every append and be retained wherever it is read or returned; these events
/// are appended and read a few times for every frame of an owned device.
struct EventBuffer: RandomAccessCollection {
    private(set) var base: UnsafeMutablePointer<InputEvent>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> InputEvent {
        precondition(i >= 0 && i < count, "EventBuffer index out of range")
        return base[i]
    }

    /// The events, valid until the buffer next changes.
    var events: UnsafeBufferPointer<InputEvent> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func append(_ event: InputEvent) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: event)
        count += 1
    }

    mutating func append(contentsOf other: EventBuffer) {
        if count + other.count > capacity { grow(to: Swift.max(capacity * 2, count + other.count)) }
        (base + count).initialize(from: other.base, count: other.count)
        count += other.count
    }

    /// Forgets the events; the memory stays for the next frame.
    mutating func removeAll() { count = 0 }

    /// Frees the memory; the buffer must not be used after.
    func deallocate() { base.deallocate() }

    private mutating func grow(to newCapacity: Int) {
        let bigger = UnsafeMutablePointer<InputEvent>.allocate(capacity: newCapacity)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }
}
