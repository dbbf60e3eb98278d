// edgeswipe-bench: figures for BENCHMARKS.md. Build and run in release:
//   swift run -c release edgeswipe-bench [--quick]
//   swift run -c release edgeswipe-bench --frames N   (decode + recognise with N contacts only, for profilers)
//   swift run -c release edgeswipe-bench --owned N    (an owned device's path, N contacts mid-screen, for profilers)
//   swift run -c release edgeswipe-bench --flood      (10 contacts at 240 Hz for 60 s: each frame's time, p50/p99/max)
// Prints one JSON object. Timings are wall-clock (CLOCK_MONOTONIC), best of several runs.
#if canImport(Glibc)
import Glibc
#endif
import CAllocCounter
import EdgeSwipeCorpus
import EdgeSwipeDaemon
import Gestures
import Navigation
import TouchInput
import TouchModel
import TouchTrace
import EdgeSwipeControl

func nowNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

let quick = CommandLine.arguments.contains("--quick")
var report = JSONLine()

// 1. ns per frame: decode + recognise + arbitrate, alone and with navigation driving an interactive pop
//    every cycle (a deep stack of recipe hosts, so each swipe pops for real instead of hitting the root).
struct FrameFigures { var ns: Double; var allocationsPerFrame: Double }

/// `exclusions`: with navigation, three clients' rectangles (none where the workload's fingers land), so each
/// touch-down's question goes through the store.
/// `backHandlers`: with navigation, one overlay and two observers registered (issue 24), so every frame of each
/// swipe is delivered to the overlay as its own and to both observers.
func perFrame(contacts: Int, navigation: Bool, exclusions: Bool = false, backHandlers: Bool = false) -> FrameFigures {
    let workload = BenchmarkWorkload(contacts: contacts)
    var options = PipelineOptions()
    options.configuredSize = workload.geometry.size
    options.recognizers = [.init(edges: [.left]), .init(edges: [.right]), .init(edges: [.left], fingers: 2)]
    options.stack = (0..<200).map { ScreenSpec(name: "s\($0)", kind: .header) }
    var best = FrameFigures(ns: .infinity, allocationsPerFrame: 0)
    for _ in 0..<(quick ? 2 : 7) {
        let pipeline = try! DevicePipeline(device: workload.device, options: options)
        let nav = navigation ? NavigationSession(screens: options.stack!, config: options.navigation,
                                                 popRecognizer: options.popRecognizer, now: 0) : nil
        if let nav { pipeline.arena.delegate = nav }
        if let nav, exclusions {
            for owner in 1...3 {
                _ = try! nav.controller.setExclusions([ExclusionRect(x: 40, y: 40, width: 5, height: 5),
                                                       ExclusionRect(x: 50, y: 40, width: 5, height: 5, screen: "s199")],
                                                      owner: ExclusionOwner(UInt64(owner)))
            }
        }
        if let nav, backHandlers {
            _ = try! nav.dispatcher.register(.overlay, edges: nil, client: BackClient(1))
            _ = try! nav.dispatcher.register(.observer, edges: nil, client: BackClient(2))
            _ = try! nav.dispatcher.register(.observer, edges: nil, client: BackClient(3))
        }
        var gestures = 0
        var frames = 0
        var navigationEvents = 0
        var deliveries = 0
        func feed(_ e: InputEvent) {
            guard let (_, g) = pipeline.feed(e) else { return }
            frames += 1
            gestures += g.count
            guard let nav else { return }
            for x in g { nav.handle(x) }
            nav.advance(now: e.time)
            nav.drainEvents { _ in navigationEvents += 1 }
            nav.drainDeliveries { _ in deliveries += 1 }
        }
        // Warm-up: the first tenth, so buffers reach their steady capacity.
        let warm = workload.events.count / 10
        for e in workload.events.prefix(warm) { feed(e) }
        frames = 0
        let a0 = alloc_counter_allocations()
        let t0 = nowNs()
        for e in workload.events.dropFirst(warm) { feed(e) }
        let t1 = nowNs()
        let a1 = alloc_counter_allocations()
        if gestures == 0 { fatalError("benchmark workload produced no gestures") }
        if navigation && navigationEvents == 0 { fatalError("benchmark workload produced no navigation events") }
        if backHandlers && deliveries < 3 * gestures / 2 { fatalError("benchmark workload delivered no back events") }
        let ns = Double(t1 - t0) / Double(frames)
        if ns < best.ns { best = FrameFigures(ns: ns, allocationsPerFrame: Double(a1 - a0) / Double(frames)) }
    }
    return best
}

if let i = CommandLine.arguments.firstIndex(of: "--frames"), i + 1 < CommandLine.arguments.count,
   let contacts = Int(CommandLine.arguments[i + 1]), (1...10).contains(contacts) {
    let plain = perFrame(contacts: contacts, navigation: false)
    report.add("nsPerFrameDecodeRecognise", plain.ns, decimals: 1)
    report.add("allocationsPerFrame", plain.allocationsPerFrame, decimals: 3)
    print(report.string)
    exit(0)
}

if CommandLine.arguments.contains("--flood") {
    let flood = floodFigures()
    report.add("floodFrames", Double(flood.frames), decimals: 0)
    report.add("floodNsPerFrameP50", flood.p50, decimals: 0)
    report.add("floodNsPerFrameP99", flood.p99, decimals: 0)
    report.add("floodNsPerFrameMax", flood.max, decimals: 0)
    print(report.string)
    exit(0)
}

if let i = CommandLine.arguments.firstIndex(of: "--owned"), i + 1 < CommandLine.arguments.count,
   let contacts = Int(CommandLine.arguments[i + 1]), (1...10).contains(contacts) {
    let owned = perFrameOwned(contacts: contacts, midScreen: true, owned: true, cycles: 500)
    report.add("nsPerFrameOwnedMidScreen", owned.ns, decimals: 1)
    report.add("allocationsPerFrame", owned.allocationsPerFrame, decimals: 3)
    print(report.string)
    exit(0)
}

/// "1Contact", "2Contacts": the figures' suffix.
func contactsSuffix(_ contacts: Int) -> String { "\(contacts)Contact\(contacts == 1 ? "" : "s")" }

/// nsPerFrame`name` and allocationsPerFrame`name`, into the report (top-level code: main actor).
@MainActor func addFigures(_ name: String, _ figures: FrameFigures) {
    report.add("nsPerFrame\(name)", figures.ns, decimals: 1)
    report.add("allocationsPerFrame\(name)", figures.allocationsPerFrame, decimals: 3)
}

for contacts in [1, 2, 10] {
    addFigures("DecodeRecognise\(contactsSuffix(contacts))", perFrame(contacts: contacts, navigation: false))
    addFigures("WithNavigation\(contactsSuffix(contacts))", perFrame(contacts: contacts, navigation: true))
}
addFigures("WithExclusions1Contact", perFrame(contacts: 1, navigation: true, exclusions: true))
addFigures("WithOverlayAndTwoObservers1Contact", perFrame(contacts: 1, navigation: true, backHandlers: true))

// 1a. An owned device (issue 22): the pipeline and HoldForwarder, forwarding to a counting target, beside the
//     same pipeline without the forwarder (the difference is ownership's own work, before the clone's kernel).
for contacts in [1, 10] {
    report.add("nsPerFrameSharedMidScreen\(contactsSuffix(contacts))",
               perFrameOwned(contacts: contacts, midScreen: true, owned: false).ns, decimals: 1)
    addFigures("OwnedMidScreen\(contactsSuffix(contacts))", perFrameOwned(contacts: contacts, midScreen: true, owned: true))
}
addFigures("OwnedEdgeSwipes1Contact", perFrameOwned(contacts: 1, midScreen: false, owned: true))

// 1b. The decoder alone (events -> frames), to see where the per-frame time goes.
func decodeOnlyNs(contacts: Int) -> Double {
    let workload = BenchmarkWorkload(contacts: contacts)
    var best = Double.infinity
    for _ in 0..<(quick ? 2 : 7) {
        var decoder = workload.makeDecoder()
        var frames = 0, contactsSeen = 0
        let t0 = nowNs()
        for e in workload.events {
            if let f = decoder.feed(e) { frames += 1; contactsSeen &+= f.contacts.count }
        }
        let t1 = nowNs()
        if contactsSeen == 0 { fatalError("decoder produced no contacts") }
        best = min(best, Double(t1 - t0) / Double(frames))
    }
    return best
}
for contacts in [1, 10] {
    report.add("nsPerFrameDecodeOnly\(contactsSuffix(contacts))", decodeOnlyNs(contacts: contacts), decimals: 1)
}

// 2. Replay throughput on a large file, both formats, and the bare libyaml floor.
let big = BenchmarkWorkload(contacts: 10, cycles: quick ? 100 : 560)
let bigTrace = Trace(devices: [TraceDevice(description: big.device, events: big.events)], format: .evemu, source: "bench")
let dir = "/tmp/edgeswipe-bench-\(getpid())"
mkdir(dir, 0o755)
let evemuPath = dir + "/big.evemu", recordPath = dir + "/big.yml"
func writeFile(_ path: String, _ text: String) {
    let f = fopen(path, "w")!
    fputs(text, f)
    fclose(f)
}
writeFile(evemuPath, EvemuWriter.write(bigTrace.devices[0]))
writeFile(recordPath, LibinputRecordWriter.write(bigTrace))

func replaySeconds(_ path: String) -> (seconds: Double, events: Int) {
    var best = Double.infinity
    var events = 0
    for _ in 0..<(quick ? 1 : 3) {
        let t0 = nowNs()
        let trace = try! TraceReader.read(path: path)
        var options = PipelineOptions()
        options.configuredSize = big.geometry.size
        options.stack = ["home", "inbox:header"].map { try! StackSpec.parseScreen($0) }
        let session = try! ReplaySession(trace: trace, options: options)
        var outputs = 0
        session.run(sink: { _ in outputs += 1 })
        let t1 = nowNs()
        if outputs == 0 { fatalError("replay produced nothing") }
        events = trace.eventCount
        best = min(best, Double(t1 - t0) / 1e9)
    }
    return (best, events)
}

let evemu = replaySeconds(evemuPath)
let record = replaySeconds(recordPath)
var yamlBest = Double.infinity
for _ in 0..<(quick ? 1 : 3) {
    let t0 = nowNs()
    _ = try! TraceReader.bareYAMLParse(path: recordPath)
    yamlBest = min(yamlBest, Double(nowNs() - t0) / 1e9)
}
report.add("replayEvents", evemu.events)
report.add("evemuEventsPerSecond", Double(evemu.events) / evemu.seconds, decimals: 0)
report.add("libinputRecordEventsPerSecond", Double(record.events) / record.seconds, decimals: 0)
report.add("bareLibyamlSeconds", yamlBest, decimals: 3)
report.add("libinputRecordSeconds", record.seconds, decimals: 3)
report.add("libinputRecordToBareLibyamlRatio", record.seconds / yamlBest, decimals: 2)
unlink(evemuPath)
unlink(recordPath)
rmdir(dir)

// 3b. A handed-off back's route decision (issue 35): once per hand-off, not per frame.
let routes = routeDecisionNs(n: quick ? 2_000 : 20_000, runs: quick ? 1 : 3)
report.add("routeDecisionNineGlobsNs", routes.globs, decimals: 0)
report.add("routeDecisionNineRegexesNs", routes.regexes, decimals: 0)
report.add("routeDecisionNineRegexesCompiledEachNs", routes.regexesUncached, decimals: 0)

// 3. Peak RSS of this process (the whole benchmark, big file included).
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
report.add("peakRSSMiB", Double(usage.ru_maxrss) / 1024, decimals: 1)
print(report.string)
