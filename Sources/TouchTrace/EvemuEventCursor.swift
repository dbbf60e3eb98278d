import TouchInput

/// Plays the events of a checked evemu file from the file, a line at a time, up to the events the check counted.
final class EvemuEventCursor {
    private let file: String
    private var parser: EvemuParser
    private var remaining: Int

    init(file: String, source: ByteSource, count: Int) throws(TraceError) {
        self.file = file
        parser = try EvemuParser(file: file, source: source)
        remaining = count
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
        remaining -= 1
        return event
    }
}
