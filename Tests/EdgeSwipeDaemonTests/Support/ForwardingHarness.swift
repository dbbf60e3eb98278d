import EdgeSwipeSystem
import Gestures
import Navigation
import TouchInput
import TouchModel
import TouchOwnership
@testable import EdgeSwipeDaemon

/// A clone in memory (`ForwardTarget.memory`): every write, as written.
typealias MemoryTarget = MemoryClone

extension MemoryClone {
    var events: [InputEvent] { writes.flatMap { $0 } }
    var frames: [[InputEvent]] { splitFrames(events) }
}

/// Events cut at each SYN_REPORT (a trailing partial frame is left out).
func splitFrames(_ events: [InputEvent]) -> [[InputEvent]] {
    var frames: [[InputEvent]] = []
    var current: [InputEvent] = []
    for e in events {
        current.append(e)
        if e.isSynReport {
            frames.append(current)
            current = []
        }
    }
    return frames
}

/// A fed source with a forward target in a session without navigation, and what came out of it.
final class ForwardingRun {
    let loop: EventLoop
    let session: LiveSession
    let target = MemoryTarget()
    let id: SourceID
    private(set) var outputs: [PipelineOutput] = []
    /// How many events the target had after each `feed`.
    private(set) var forwardedAfter: [Int] = []
    /// How many times the session released the source's grab (a stand-in for the device's).
    private(set) var grabReleases = 0

    init(_ description: DeviceDescription, options: PipelineOptions = PipelineOptions(),
         navigation: NavigationSession? = nil) throws {
        loop = try EventLoop()
        var sink: ((PipelineOutput) -> Void)? = nil
        session = try LiveSession(loop: loop, options: options, navigation: navigation) { sink?($0) }
        var release: (() -> Void)? = nil
        id = try session.addFed(description, forwardTo: .memory(target), releaseGrab: { release?() })
        sink = { [unowned self] in self.outputs.append($0) }
        release = { [unowned self] in self.grabReleases += 1 }
    }

    func feed(_ events: [InputEvent]) {
        for e in events {
            session.feed(e, to: id)
            forwardedAfter.append(target.events.count)
        }
    }

    var gestures: [GestureEvent] {
        outputs.compactMap { if case .gesture(let g, _) = $0 { return g } else { return nil } }
    }

    /// The source's forwarder (while it forwards).
    var forwarder: HoldForwarder? { session.core.forwarder(of: id) }

    var notes: [String] {
        outputs.compactMap { if case .deviceNote(let n, _) = $0 { return n } else { return nil } }
    }
}

/// Hand-written protocol B frames on a clock in milliseconds.
struct FrameScript {
    var events: [InputEvent] = []

    mutating func frame(_ ms: Double, _ body: [(UInt16, UInt16, Int32)]) {
        let t = Microseconds(milliseconds: ms)
        for (type, code, value) in body { events.append(InputEvent(time: t, type: type, code: code, value: value)) }
        events.append(InputEvent(time: t, type: EventType.syn, code: SynCode.report, value: 0))
    }

    /// A SYN_DROPPED at `ms`: what follows up to the next SYN_REPORT is the synced state (live) or the rest of a
    /// cut frame (a recording).
    mutating func synDropped(_ ms: Double) {
        events.append(InputEvent(time: Microseconds(milliseconds: ms), type: EventType.syn, code: SynCode.dropped, value: 0))
    }
}

func slot(_ v: Int32) -> (UInt16, UInt16, Int32) { (EventType.abs, AbsCode.mtSlot, v) }
func tid(_ v: Int32) -> (UInt16, UInt16, Int32) { (EventType.abs, AbsCode.mtTrackingID, v) }
func mtx(_ v: Int32) -> (UInt16, UInt16, Int32) { (EventType.abs, AbsCode.mtPositionX, v) }
func mty(_ v: Int32) -> (UInt16, UInt16, Int32) { (EventType.abs, AbsCode.mtPositionY, v) }
func absx(_ v: Int32) -> (UInt16, UInt16, Int32) { (EventType.abs, AbsCode.x, v) }
func absy(_ v: Int32) -> (UInt16, UInt16, Int32) { (EventType.abs, AbsCode.y, v) }
func touch(_ v: Int32) -> (UInt16, UInt16, Int32) { (EventType.key, KeyCode.btnTouch, v) }
func key(_ code: UInt16, _ v: Int32) -> (UInt16, UInt16, Int32) { (EventType.key, code, v) }
