/// Identifies one control connection for its whole life (ids are never reused).
public struct ControlClientID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "client \(rawValue)" }
}
