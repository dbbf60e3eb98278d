import CAllocCounter
import EdgeSwipeDaemon
import Gestures
import TouchInput
import TouchOwnership

/// Takes what an owned device forwards as the clone would (whole frames), counting events and frames; the
/// checksum keeps the optimizer from dropping the work.
final class CountingTarget {
    var events = 0
    var frames = 0
    var checksum: Int32 = 0

    func write(_ events: UnsafeBufferPointer<InputEvent>) {
        for e in events {
            checksum &+= e.value
            if e.type == EventType.syn && e.code == SynCode.report { frames += 1 }
        }
        self.events += events.count
    }
}

/// ns and allocations per frame of an owned device's path, as the service steps it (SessionCore.feed): the
/// pipeline takes each event; at a frame the forwarder reports it with the arena's claims and what it lets
/// through is written to the target (a concrete type, as live: ForwardTarget). `owned` false: the same pipeline without the
/// forwarder (the service without ownership), for the difference. `midScreen`: finger 0 drags mid-screen, so
/// every frame is forwarded (the VM rig's ownership workload); otherwise it swipes in from the left edge (held,
/// then claimed: its frames are dropped).
func perFrameOwned(contacts: Int, midScreen: Bool, owned: Bool, cycles: Int = 50) -> FrameFigures {
    let workload = BenchmarkWorkload(contacts: contacts, cycles: cycles, midScreen: midScreen)
    var options = PipelineOptions()
    options.configuredSize = workload.geometry.size
    options.recognizers = [.init(edges: [.left]), .init(edges: [.right]), .init(edges: [.left], fingers: 2)]
    var best = FrameFigures(ns: .infinity, allocationsPerFrame: 0)
    for _ in 0..<(quick ? 2 : 7) {
        let pipeline = try! DevicePipeline(device: workload.device, options: options, mode: .live)
        let forwarder = owned ? try! HoldForwarder(device: workload.device, mode: .live) : nil
        let counting = CountingTarget()
        var frames = 0
        var gestures = 0
        func feed(_ e: InputEvent) {
            guard let (frame, g) = pipeline.feed(e) else {
                forwarder?.take(e)
                return
            }
            frames += 1
            gestures += g.count
            guard let forwarder else { return }
            forwarder.report(e, frame: frame, claims: pipeline.arena)
            forwarder.withOutput { out in if !out.isEmpty { counting.write(out) } }
        }
        let warm = workload.events.count / 10
        for e in workload.events.prefix(warm) { feed(e) }
        frames = 0
        let forwardedBefore = counting.frames
        let a0 = alloc_counter_allocations()
        let t0 = nowNs()
        for e in workload.events.dropFirst(warm) { feed(e) }
        let t1 = nowNs()
        let a1 = alloc_counter_allocations()
        if owned {
            let forwarded = counting.frames - forwardedBefore
            // Mid-screen every frame goes on; at the edge the swipes are taken and most frames are not.
            if midScreen && forwarded != frames { fatalError("owned mid-screen workload forwarded \(forwarded) of \(frames) frames") }
            if !midScreen && forwarded >= frames { fatalError("owned edge workload forwarded every frame") }
            if forwarder!.impossibleTransitions != 0 { fatalError("forwarder reported impossible transitions") }
        }
        if !midScreen && gestures == 0 { fatalError("benchmark workload produced no gestures") }
        let ns = Double(t1 - t0) / Double(frames)
        if ns < best.ns { best = FrameFigures(ns: ns, allocationsPerFrame: Double(a1 - a0) / Double(frames)) }
    }
    return best
}
