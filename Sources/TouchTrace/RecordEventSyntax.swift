import TouchInput
import TouchModel
import YAMLDocument

/// The problem with an event entry of a `libinput record` file; the reader says where.
struct RecordEventProblem: Error {
    let problem: TraceError.Problem
}

extension YAMLEventReader {
    /// The event `[sec, usec, type, code, value]` starting at the current event; the reader ends on its closing
    /// bracket. Shared by the checking pass and the cursors that play a device from the file.
    @inline(__always)
    mutating func recordEvent() throws(YAMLError) -> Result<InputEvent, RecordEventProblem> {
        let shape = RecordEventProblem(problem: .malformed("an event must be [sec, usec, type, code, value] (5 integers)"))
        guard kind == .sequenceStart else {
            return .failure(RecordEventProblem(problem: .malformed("expected an event [sec, usec, type, code, value]")))
        }
        var v: (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)
        for k in 0..<5 {
            guard try next() == .scalar, let x = scalarInteger() else { return .failure(shape) }
            switch k {
            case 0: v.0 = x
            case 1: v.1 = x
            case 2: v.2 = x
            case 3: v.3 = x
            default: v.4 = x
            }
        }
        guard try next() == .sequenceEnd else { return .failure(shape) }
        guard v.0 >= 0, (0..<1_000_000).contains(v.1) else {
            return .failure(RecordEventProblem(problem: .malformed("event time must be sec >= 0 and 0 <= usec < 1000000")))
        }
        guard UInt64(v.0) <= TraceReader.maxEventSeconds else {
            return .failure(RecordEventProblem(problem: .eventTimeBeyondLimit(seconds: String(v.0))))
        }
        if let problem = EventTable.check(type: v.2, code: v.3) { return .failure(RecordEventProblem(problem: problem)) }
        guard let value = Int32(exactly: v.4) else {
            return .failure(RecordEventProblem(problem: .malformed("event value \(v.4) does not fit in 32 bits")))
        }
        return .success(InputEvent(time: Microseconds(UInt64(v.0) * 1_000_000 + UInt64(v.1)), type: UInt16(v.2),
                                   code: UInt16(v.3), value: value))
    }
}
