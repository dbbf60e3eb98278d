import Gestures
import TouchModel

/// The service's question to a region's owner (protocol 8, issue 37): "is this pan yours?", sent to the owner
/// alone, whatever it subscribed to, as a handler's own events are. It answers with `contentAnswer` naming `seq`
/// within the configured wait (content_answer_wait_ms), or the pan is the page's.
/// `{"type":"contentQuery","seq":N,"region":ID,"positionMM":{"x":..,"y":..},"direction":"ltr"}`.
public enum ContentQueryJSON {
    /// `seq` is the service's (unique among its queries), not the handshake's own per-surface count.
    public static func line(seq: UInt64, region: ContentRegionID, positionMM: Point, direction: ContentDirection) -> [UInt8] {
        ControlProtocol.line(.object([
            "type": .string("contentQuery"),
            "seq": .integer(Int64(clamping: seq)),
            "region": .string(region.name),
            "positionMM": .object(["x": .number(positionMM.x), "y": .number(positionMM.y)]),
            "direction": .string(direction.rawValue),
        ]))
    }
}

/// A `contentQuery` line as a client reads it (ServiceLine.contentQuery).
public struct ServiceContentQuery: Sendable, Hashable {
    public var seq: UInt64
    public var region: ContentRegionID
    public var positionMM: Point
    public var direction: ContentDirection

    public init(seq: UInt64, region: ContentRegionID, positionMM: Point, direction: ContentDirection) {
        self.seq = seq
        self.region = region
        self.positionMM = positionMM
        self.direction = direction
    }

    /// Nil unless every field is there with its type: a seq from 1, a region id, a finite position, ltr or rtl.
    init?(_ value: JSONValue) {
        guard case .integer(let seq)? = value["seq"], seq >= 1,
              let region = ServiceLine.text(value["region"]),
              let x = ServiceLine.number(value["positionMM"]?["x"]), let y = ServiceLine.number(value["positionMM"]?["y"]),
              let d = ServiceLine.text(value["direction"]), let direction = ContentDirection(rawValue: d) else { return nil }
        self.init(seq: UInt64(seq), region: ContentRegionID(region), positionMM: Point(x: x, y: y), direction: direction)
    }

    /// The answer to it, as the request a client sends.
    public func answer(_ answer: ContentAnswer, id: JSONValue? = nil) -> ControlRequest {
        ControlRequest(id: id, command: .contentAnswer(seq: seq, answer))
    }
}
