import Gestures
import TouchInput
import TouchModel

/// One recording through a decoder and an arena as replay runs it: deadlines due before each event first, the
/// device's contacts cancelled after the last event, then the remaining deadlines. `accuracy` and `tune` share it.
enum ArenaRun {
    static func run(events: [InputEvent], decoder: inout MultitouchDecoder, arena: GestureArena,
                    take: ([GestureEvent]) -> Void,
                    afterFrame: (TouchFrame) -> Void = { _ in }, afterDeadline: (Microseconds) -> Void = { _ in }) {
        var lastTime: Microseconds = 0
        for event in events {
            while let d = arena.nextDeadline, d <= event.time {
                take(arena.deadlineReached(now: d))
                afterDeadline(d)
            }
            lastTime = event.time
            if let frame = decoder.feed(event) {
                take(arena.process(frame, now: frame.time))
                afterFrame(frame)
            }
        }
        if let frame = decoder.cancelAll(time: lastTime) {
            take(arena.process(frame, now: frame.time))
            afterFrame(frame)
        }
        while let d = arena.nextDeadline {
            take(arena.deadlineReached(now: d))
            afterDeadline(d)
        }
    }
}
