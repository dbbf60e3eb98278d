import Testing
import TouchInput
import TouchModel
@testable import TouchOwnership

/// The forwarder's frame buffers (EventBuffer): appends past the capacity keep every event in order, a buffer
/// appended to another grows it, and `removeAll` keeps the memory for the next frame.
@Suite struct EventBufferTests {
    func event(_ i: Int) -> InputEvent {
        InputEvent(time: Microseconds(UInt64(i) * 1000), type: EventType.abs, code: AbsCode.mtPositionX, value: Int32(i))
    }

    @Test func appendsPastTheCapacityKeepEveryEventInOrder() {
        for capacity in [1, 2, 3, 64] {
            var b = EventBuffer(capacity: capacity)
            defer { b.deallocate() }
            for n in [0, 1, capacity - 1, capacity, capacity + 1, 3 * capacity + 5] where n >= 0 {
                b.removeAll()
                for i in 0..<n { b.append(event(i)) }
                #expect(b.count == n)
                #expect(Array(b) == (0..<n).map(event), "capacity \(capacity), \(n) events")
                #expect(Array(b.events) == (0..<n).map(event))
            }
        }
    }

    @Test func appendingABufferGrowsAsNeeded() {
        var a = EventBuffer(capacity: 2), b = EventBuffer(capacity: 2)
        defer { a.deallocate(); b.deallocate() }
        for i in 0..<3 { a.append(event(i)) }
        for i in 3..<10 { b.append(event(i)) }
        a.append(contentsOf: b)
        #expect(Array(a) == (0..<10).map(event))
        a.append(contentsOf: b)
        #expect(a.count == 17 && a[16] == event(9))
        #expect(Array(b) == (3..<10).map(event))   // the appended one is unchanged
    }
}
