import TouchModel

/// One back-handler event as an observer receives it from the service (docs/protocol.md, "Back handlers"):
/// which gesture, what happened, and the kernel time of the frame it reports (CLOCK_MONOTONIC, as the
/// feedback process's own clock).
public struct BackObservation: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case started, progressed, armed, disarmed, invoked, cancelled
    }

    public var gestureId: Int
    public var kind: Kind
    public var frameTime: Microseconds

    public init(gestureId: Int, kind: Kind, frameTime: Microseconds) {
        self.gestureId = gestureId
        self.kind = kind
        self.frameTime = frameTime
    }
}
