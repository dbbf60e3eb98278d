/// The lines of one connection to the service that the feedback cannot use: not JSON, or numbers outside what a
/// screen, a finger or the clock can be. Each kind is said at its first line of a connection and counted; the count
/// is said when the connection ends (issue 33: every garbled line was logged, so a garbling service flooded the
/// journal).
public struct DroppedLines: Sendable {
    public enum Reason: Sendable, Hashable {
        case notJSON
        /// `detail` names the field and its value.
        case outOfRange(detail: String)
    }

    private var notJSON = 0
    private var outOfRange = 0

    public init() {}

    /// A line dropped: what to say about it now (the first of its kind on this connection), or nil.
    public mutating func dropped(_ reason: Reason) -> String? {
        let more = " (more on this connection are counted)"
        switch reason {
        case .notJSON:
            notJSON += 1
            return notJSON == 1 ? "the service sent a line that is not JSON; ignored" + more : nil
        case .outOfRange(let detail):
            outOfRange += 1
            return outOfRange == 1 ? "dropped a line from the service: \(detail)" + more : nil
        }
    }

    /// The connection ended: the counts of kinds dropped more than once (the first was said); the counts start over.
    public mutating func connectionEnded() -> [String] {
        var said: [String] = []
        if notJSON > 1 { said.append("\(notJSON) lines from the service on that connection were not JSON") }
        if outOfRange > 1 { said.append("\(outOfRange) lines from the service on that connection had numbers out of range") }
        notJSON = 0
        outOfRange = 0
        return said
    }
}
