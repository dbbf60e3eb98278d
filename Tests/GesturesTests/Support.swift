import Testing
import TouchInput
@testable import Gestures
import TouchModel

/// A hand-built surface: contacts are given in millimetres; sizes are powers of two so that mm → normalised →
/// mm round trips are exact and thresholds compare exactly.
struct TestSurface {
    var size = PhysicalSize(widthMM: 128, heightMM: 64)

    var transform: ScreenTransform { ScreenTransform(deviceSize: size) }

    func contact(_ id: Int, _ phase: ContactPhase, _ x: Double, _ y: Double) -> Contact {
        Contact(id: id, slot: id, phase: phase, deviceX: Int32(x * 10), deviceY: Int32(y * 10),
                mm: Point(x: x, y: y), normalized: Point(x: x / size.widthMM, y: y / size.heightMM))
    }

    /// A frame at `ms` milliseconds.
    func frame(_ ms: Double, _ contacts: Contact..., fingerCount: Int? = nil) -> TouchFrame {
        TouchFrame(time: Microseconds(milliseconds: ms), contacts: contacts, fingerCount: fingerCount)
    }

    func recognizer(_ config: EdgeSwipeConfig = EdgeSwipeConfig()) throws -> EdgeSwipeRecognizer {
        try EdgeSwipeRecognizer(config: config, transform: transform)
    }
}

/// Feeds a frame with now = the frame's time.
func feed(_ r: EdgeSwipeRecognizer, _ f: TouchFrame) -> [GestureEvent] {
    r.process(f, now: f.time)
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// Collects log lines (a reference type, so the sink closure can append).
/// Tests run one thread at a time; the sink's closure must be Sendable.
final class LogLines: @unchecked Sendable {
    var lines: [String] = []
    var sink: LogSink { LogSink { [self] _, line in lines.append(line) } }
}

/// Checks one event's phase and the given fields (velocity to 1e-6 mm/s, the rest exactly up to rounding).
func check(_ events: [GestureEvent], _ phase: GesturePhase, translation: Double? = nil, progress: Double? = nil,
           velocity: Double? = nil, outcome: SwipeOutcome? = nil, reason: GestureFailureReason? = nil,
           sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(events.count == 1, "expected one \(phase) event, got \(events)", sourceLocation: sourceLocation)
    guard let e = events.first else { return }
    #expect(e.phase == phase, sourceLocation: sourceLocation)
    if let translation { #expect(close(e.translationMM, translation), "translation \(e.translationMM)", sourceLocation: sourceLocation) }
    if let progress { #expect(close(e.progress, progress), "progress \(e.progress)", sourceLocation: sourceLocation) }
    if let velocity { #expect(close(e.velocityMMs, velocity, 1e-6), "velocity \(e.velocityMMs)", sourceLocation: sourceLocation) }
    #expect(e.outcome == outcome, sourceLocation: sourceLocation)
    #expect(e.failureReason == reason, sourceLocation: sourceLocation)
}
