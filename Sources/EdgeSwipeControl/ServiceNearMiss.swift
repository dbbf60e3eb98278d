/// A near miss as a client reads it (`{"type":"nearMiss"}`, `NearMissJSON.line`): the recognizer and edge, the
/// cause's code, the sentence, and the cause's numbers by field name (`distanceMM`, `bandMM`, `progress`...,
/// docs/protocol.md).
public struct ServiceNearMiss: Sendable, Hashable {
    /// Seconds on the service's clock: the stroke's end, and the recognizer's decision.
    public var time: Double
    public var decidedAt: Double
    public var recognizer: String
    public var edge: String
    public var cause: String
    public var sentence: String
    public var device: String?
    /// The cause's numbers (every numeric field but the times and `fingers`).
    public var numbers: [String: Double]

    /// Nil unless the line has its times, recognizer, edge, cause and sentence.
    init?(_ value: JSONValue) {
        guard case .object(let fields) = value, let time = ServiceLine.number(value["time"]),
              let decidedAt = ServiceLine.number(value["decidedAt"]), let recognizer = ServiceLine.text(value["recognizer"]),
              let edge = ServiceLine.text(value["edge"]), let cause = ServiceLine.text(value["cause"]),
              let sentence = ServiceLine.text(value["sentence"]) else { return nil }
        self.time = time
        self.decidedAt = decidedAt
        self.recognizer = recognizer
        self.edge = edge
        self.cause = cause
        self.sentence = sentence
        device = ServiceLine.text(value["device"])
        var numbers: [String: Double] = [:]
        for (key, field) in fields where !["time", "decidedAt", "fingers"].contains(key) {
            if let n = ServiceLine.number(field) { numbers[key] = n }
        }
        self.numbers = numbers
    }
}
