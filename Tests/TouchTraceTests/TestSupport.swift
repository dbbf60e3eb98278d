import Foundation
import Testing
import TouchTrace
import TouchModel

/// A fresh directory under the system temp dir, removed by `remove()`.
struct TempDir {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("touchtrace-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs `body`, which must throw a TraceError, and returns it.
func traceError(_ body: () throws -> Trace, sourceLocation: SourceLocation = #_sourceLocation) -> TraceError? {
    do {
        let trace = try body()
        Issue.record("expected a TraceError, read \(trace.eventCount) events", sourceLocation: sourceLocation)
        return nil
    } catch let error as TraceError {
        return error
    } catch {
        Issue.record("expected a TraceError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A small evemu 1.3 touchscreen description (protocol B: slot, x, y, tracking id), 6 lines.
let sampleDescription = """
    # EVEMU 1.3
    N: Test Touchscreen
    I: 0018 0000 0000 0000
    P: 02 00 00 00 00 00 00 00
    B: 03 00 00 00 00 00 80 60 02
    A: 2f 0 9 0 0 0
    A: 35 0 1279 0 0 10
    A: 36 0 799 0 0 10
    A: 39 0 65535 0 0 0

    """
/// Lines in `sampleDescription`.
let sampleDescriptionLines = 9

/// One touch: down at (100, 200), move, up — three frames, 9 events.
let sampleEvents = """
    E: 0.000000 0003 0039 0007
    E: 0.000000 0003 0035 0100
    E: 0.000000 0003 0036 0200
    E: 0.000000 0000 0000 0000
    E: 0.010000 0003 0035 0110
    E: 0.010000 0003 0036 0210
    E: 0.010000 0000 0000 0000
    E: 0.020000 0003 0039 -001
    E: 0.020000 0000 0000 0000

    """
