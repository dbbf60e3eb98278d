/// What kind of touch device this is, and why the engine thinks so.
public enum DeviceKind: String, Hashable, Sendable, CaseIterable {
    case touchscreen, touchpad, tablet, other
}

public struct Classification: Hashable, Sendable {
    public var kind: DeviceKind
    /// One sentence naming the evidence, e.g. "INPUT_PROP_DIRECT set".
    public var reason: String

    public init(kind: DeviceKind, reason: String) {
        self.kind = kind
        self.reason = reason
    }
}
