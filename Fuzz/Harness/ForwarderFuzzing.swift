import EdgeSwipeCorpus
import EdgeSwipeDaemon
import Gestures
import TouchInput
import TouchModel
import TouchOwnership

/// An owned device's event streams through its pipeline and HoldForwarder, stepped as SessionCore steps them
/// (each event taken or, at a frame, reported with the arena's claims; due deadlines first, then claimsChanged;
/// at the end cancelAll and liftAll), and what the clone would see checked:
/// - whole frames: every output ends in SYN_REPORT;
/// - every touch pressed on the clone is released once: no release of a slot empty on the clone whose source
///   had a touch there and did not end it in these events (a held or suppressed touch's end kept from the
///   clone; a source's own redundant releases go on as read: the kernel drops them as unchanged values), and
///   none down after the final liftAll;
/// - nothing lost beyond the policy: with no recognizer (every touch free, nothing held or dropped) and no
///   SYN_DROPPED, the clone gets the input as read, event for event (the last frame's own lift aside; each
///   SYN_REPORT the forwarder's own, value 0);
/// - bounded memory: the held frames within `HeldFrames.eventLimit` events a slot, at most a frame an event;
///   each output within the events the forwarder was given and a lift and catch-up for each slot;
/// - no impossible transition.
/// The first byte picks the device (protocol B phone, 5-slot touchpad), the mode (bit 7) and whether the
/// recognizers are there (bit 6); then 7 bytes an event, as DecoderFuzzing reads them.
enum ForwarderFuzzing {
    static let devices: [DeviceDescription] = [SyntheticDevice.phone.description, SyntheticDevice.touchpad.description]

    static func run(_ data: UnsafeRawBufferPointer) -> [String] {
        var input = ByteSource(data)
        let head = input.byte()
        let device = devices[Int(head & 0x3F) % devices.count]
        let mode: MultitouchDecoder.Mode = head & 0x80 == 0 ? .recording : .live
        let recognizers = head & 0x40 == 0
        var options = PipelineOptions()
        options.configuredSize = PhysicalSize(widthMM: 100, heightMM: 60)
        options.recognizers = recognizers
            ? [.init(edges: [.left]), .init(edges: [.right, .top]), .init(edges: [.left], fingers: 2)] : []
        guard let pipeline = try? DevicePipeline(device: device, options: options, mode: mode),
              let forwarder = try? HoldForwarder(device: device, mode: mode) else {
            return ["the fuzz device could not be set up"]
        }
        var clone = CloneChecker(device: device)
        var source = CloneChecker(device: device)   // the source's slots, from what it sent
        var sourceAtFrameStart = source.trackingIDs
        var given: [InputEvent] = []      // every event the forwarder was given, in order
        var sentSinceFrameStart = 0
        var droppedSeen = false
        var time: Microseconds = 1_000_000
        // A report's output is the frame's events (and what it releases); claimsChanged and liftAll may come in
        // the middle of a frame and write only held frames and lifts, none of the frame's own events yet. So the
        // source's state is the one at the frame's start until the frame is reported.
        func collect(_ what: String, endsFrame: Bool) {
            forwarder.withOutput {
                clone.check(Array($0), what: what, bound: endsFrame ? sentSinceFrameStart : 0,
                            sourceHad: sourceAtFrameStart, sourceEnded: endsFrame ? source.ended : [])
            }
            if endsFrame {
                sentSinceFrameStart = 0
                sourceAtFrameStart = source.trackingIDs
                source.ended = []
            }
            let storage = forwarder.heldStorage
            if storage.events > device.slotCount.map({ min(max($0, 1), 64) * HoldForwarder.heldEventLimit }) ?? 0
                || storage.frames > storage.events {
                clone.problem("held frames unbounded: \(storage.events) events in \(storage.frames) frames")
            }
        }
        while !input.isAtEnd && clone.problems.count < 10 {
            let event = DecoderFuzzing.nextEvent(&input, time: &time)
            if let due = pipeline.nextDeadline, due <= event.time {
                _ = pipeline.deadlineReached(now: due)
                forwarder.claimsChanged(claims: pipeline.arena, time: due)
                collect("claimsChanged", endsFrame: false)
            }
            given.append(event)
            source.follow(event)
            sentSinceFrameStart += 1
            if event.type == EventType.syn && event.code == SynCode.dropped { droppedSeen = true }
            if let (frame, _) = pipeline.feed(event) {
                forwarder.report(event, frame: frame, claims: pipeline.arena)
                collect("report", endsFrame: true)
            } else {
                forwarder.take(event)
            }
        }
        let asRead = clone.received
        _ = pipeline.cancelAll(time: time)
        forwarder.liftAll(time: time)
        collect("liftAll", endsFrame: false)
        clone.checkAllReleased()
        if !recognizers && !droppedSeen && forwarder.counts == HoldCounts() {
            let frames = given.prefix(through: given.lastIndex(where: \.isSynReport) ?? -1)
            // A SYN_REPORT is the frame's end whatever its value: the forwarder writes its own, with value 0.
            let same = { (a: InputEvent, b: InputEvent) in
                a.type == b.type && a.code == b.code && (a.value == b.value || a.isSynReport)
            }
            if !asRead.elementsEqual(frames, by: same) {
                let i = zip(asRead, frames).enumerated().first { !same($0.element.0, $0.element.1) }?.offset
                    ?? min(asRead.count, frames.count)
                let got = i < asRead.count ? "\(asRead[i])" : "nothing", read = i < frames.count ? "\(frames[frames.startIndex + i])" : "nothing"
                clone.problem("with every touch free the clone got \(asRead.count) events for \(frames.count) read; "
                              + "event \(i): \(got) for \(read)")
            }
        }
        if forwarder.impossibleTransitions != 0 {
            clone.problem("\(forwarder.impossibleTransitions) impossible transitions")
        }
        return clone.problems
    }
}

/// The clone as the kernel would keep it: the selected slot and each slot's tracking id, from what it was sent.
struct CloneChecker {
    let slotCount: Int
    var slot: Int
    var trackingIDs: [Int32]
    var received: [InputEvent] = []
    /// Slots whose tracking id was set negative since this was last emptied.
    var ended: Set<Int> = []
    var problems: [String] = []

    init(device: DeviceDescription) {
        slotCount = min(max(device.slotCount ?? 1, 1), 64)
        let initial = Int(device.absInfo[AbsCode.mtSlot]?.value ?? 0)
        slot = initial < slotCount ? initial : -1
        trackingIDs = Array(repeating: -1, count: slotCount)
    }

    mutating func problem(_ text: String) { if problems.count < 10 { problems.append(text) } }

    /// One call's output. `bound`: the source's events this output may carry (a report: its frame's; 0 for
    /// claimsChanged and liftAll); the output may add, per slot, a slot selection, a lift and its catch-up values
    /// (about a dozen), besides what was held. `sourceHad`: the source's tracking ids at the start of the frame
    /// (the last one reported); `sourceEnded`: the slots whose touch the source ended in this output's events.
    mutating func check(_ events: [InputEvent], what: String, bound: Int, sourceHad: [Int32], sourceEnded: Set<Int>) {
        guard !events.isEmpty else { return }
        if !(events.last!.isSynReport) { problem("\(what): output does not end in SYN_REPORT (\(events.count) events)") }
        if events.count > bound + slotCount * (HoldForwarder.heldEventLimit + 16) + 64 {
            problem("\(what): \(events.count) events out for \(bound) in")
        }
        received += events
        for e in events {
            if e.type == EventType.abs && e.code == AbsCode.mtTrackingID && e.value < 0 && slot >= 0
                && trackingIDs[slot] < 0 && sourceHad[slot] >= 0 && !sourceEnded.contains(slot) {
                problem("\(what): slot \(slot) released on the clone, which never had its touch \(sourceHad[slot])")
            }
            follow(e)
        }
    }

    /// The slot selection and tracking ids `e` changes.
    mutating func follow(_ e: InputEvent) {
        guard e.type == EventType.abs else { return }
        if e.code == AbsCode.mtSlot {
            slot = e.value >= 0 && Int(e.value) < slotCount ? Int(e.value) : -1
        } else if e.code == AbsCode.mtTrackingID, slot >= 0 {
            trackingIDs[slot] = e.value < 0 ? -1 : e.value
            if e.value < 0 { ended.insert(slot) }
        }
    }

    mutating func checkAllReleased() {
        for (s, id) in trackingIDs.enumerated() where id >= 0 {
            problem("slot \(s): tracking id \(id) still down on the clone after liftAll")
        }
    }
}
