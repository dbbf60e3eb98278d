import Testing
import TouchInput
import TouchModel
@testable import TouchOwnership

/// The forwarder's frame buffers (EventBuffer, non-copyable, freeing its memory when it goes): appends past the
/// capacity keep every event in order, a buffer appended to another grows it, `removeAll` keeps the memory for the
/// next frame, and a swap (the pass-through's) exchanges the events without copying them.
@Suite struct EventBufferTests {
    func event(_ i: Int) -> InputEvent {
        InputEvent(time: Microseconds(UInt64(i) * 1000), type: EventType.abs, code: AbsCode.mtPositionX, value: Int32(i))
    }

    func contents(_ b: borrowing EventBuffer) -> [InputEvent] { b.withEvents { Array($0) } }

    @Test func appendsPastTheCapacityKeepEveryEventInOrder() {
        for capacity in [1, 2, 3, 64] {
            var b = EventBuffer(capacity: capacity)
            for n in [0, 1, capacity - 1, capacity, capacity + 1, 3 * capacity + 5] where n >= 0 {
                b.removeAll()
                for i in 0..<n { b.append(event(i)) }
                #expect(b.count == n && b.isEmpty == (n == 0))
                #expect(contents(b) == (0..<n).map(event), "capacity \(capacity), \(n) events")
            }
        }
    }

    @Test func appendingABufferGrowsAsNeeded() {
        var a = EventBuffer(capacity: 2), b = EventBuffer(capacity: 2)
        for i in 0..<3 { a.append(event(i)) }
        for i in 3..<10 { b.append(event(i)) }
        a.append(contentsOf: b)
        #expect(contents(a) == (0..<10).map(event))
        a.append(contentsOf: b)
        #expect(a.count == 17 && a.withEvents { $0[16] } == event(9))
        #expect(contents(b) == (3..<10).map(event))   // the appended one is unchanged
    }

    @Test func aSwapExchangesTheStorageItself() {
        var a = EventBuffer(capacity: 4), b = EventBuffer(capacity: 4)
        for i in 0..<3 { a.append(event(i)) }
        b.append(event(7))
        let aStorage = a.base, bStorage = b.base
        swap(&a, &b)
        #expect(contents(a) == [event(7)] && contents(b) == (0..<3).map(event))
        #expect(a.base == bStorage && b.base == aStorage)
    }
}
