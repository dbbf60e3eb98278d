import Gestures
import Navigation
import TouchInput
import TouchModel
import EdgeSwipeDaemon

/// Issue 33's flood: 10 contacts at 240 Hz for 60 s without a pause (14 400 frames; finger 0 swipes from the left
/// edge each second, nine others drift), through decode, recognise and navigation as the service runs them. Each
/// frame is timed on its own, from its first event to its SYN_REPORT's gestures handled by navigation.
struct FloodFigures { var frames: Int; var p50: Double; var p99: Double; var max: Double }

func floodFigures() -> FloodFigures {
    let seconds = 60, rate = 240
    let workload = BenchmarkWorkload(contacts: 10, cycles: seconds * rate / BenchmarkWorkload.framesPerCycle,
                                     period: Microseconds(UInt64(1_000_000 / rate)), gap: 0)
    var options = PipelineOptions()
    options.configuredSize = workload.geometry.size
    options.recognizers = [.init(edges: [.left]), .init(edges: [.right]), .init(edges: [.left], fingers: 2)]
    options.stack = (0..<200).map { ScreenSpec(name: "s\($0)", kind: .header) }
    let pipeline = try! DevicePipeline(device: workload.device, options: options)
    let nav = NavigationSession(screens: options.stack!, config: options.navigation, popRecognizer: options.popRecognizer, now: 0)
    pipeline.arena.delegate = nav
    var durations: [UInt64] = []
    durations.reserveCapacity(workload.frameCount)
    var frameStart: UInt64?
    var gestures = 0
    for e in workload.events {
        if frameStart == nil { frameStart = nowNs() }
        guard let (_, g) = pipeline.feed(e) else { continue }
        gestures += g.count
        for x in g { nav.handle(x) }
        nav.advance(now: e.time)
        nav.drainEvents { _ in }
        nav.drainDeliveries { _ in }
        durations.append(nowNs() - frameStart!)
        frameStart = nil
    }
    if gestures == 0 { fatalError("the flood produced no gestures") }
    let sorted = durations.sorted()
    func rank(_ p: Double) -> Double { Double(sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)]) }
    return FloodFigures(frames: sorted.count, p50: rank(0.5), p99: rank(0.99), max: Double(sorted.last!))
}
