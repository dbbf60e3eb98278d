import TouchInput
import TouchModel

/// Plays the events of a checked evemu file from the file, a line at a time, up to the events the check counted.
final class EvemuEventCursor {
    private let file: String
    private var parser: EvemuParser
    private var remaining: Int
    private var times: EventTimeCheck

    init(file: String, source: ByteSource, count: Int, times: EventTimeCheck) throws(TraceError) {
        self.file = file
        parser = try EvemuParser(file: file, source: source)
        remaining = count
        self.times = times
    }

    var heldBytes: Int { parser.heldBytes }

    func next() throws(TraceError) -> InputEvent? {
        guard remaining > 0 else { return nil }
        let event: InputEvent?
        do {
            event = try parser.nextEvent(strict: false)
        } catch {
            throw TraceError(file: file, line: error.line, problem: .cannotRead("the file changed after it was checked: \(error.message)"))
        }
        guard let event else {
            throw TraceError(file: file, line: 0, problem: .cannotRead("the file changed after it was checked: it has fewer events"))
        }
        // The parser counts from the first event it read this time: the file's own time is checked.
        // (Both are bounded by the parser's limit on event seconds; admit keeps fileTime at or above first.)
        let fileTime = parser.firstTime + event.time.rawValue
        if let change = times.admit(fileTime) {
            throw TraceError(file: file, line: 0, problem: .cannotRead("the file changed after it was checked: \(change)"))
        }
        remaining -= 1
        return InputEvent(time: Microseconds(fileTime - times.first), type: event.type, code: event.code, value: event.value)
    }
}
