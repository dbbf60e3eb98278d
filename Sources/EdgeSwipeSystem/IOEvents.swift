import CEdgeSwipeSys

/// Readiness of one file descriptor, as epoll reports it.
public struct IOEvents: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let readable = IOEvents(rawValue: EPOLLIN.rawValue)
    public static let writable = IOEvents(rawValue: EPOLLOUT.rawValue)
    public static let error = IOEvents(rawValue: EPOLLERR.rawValue)
    public static let hangUp = IOEvents(rawValue: EPOLLHUP.rawValue)
    /// The peer shut down its writing side.
    public static let readHangUp = IOEvents(rawValue: EPOLLRDHUP.rawValue)

    public var description: String {
        let names: [(IOEvents, String)] = [(.readable, "in"), (.writable, "out"), (.error, "err"), (.hangUp, "hup"),
                                           (.readHangUp, "rdhup")]
        return names.filter { contains($0.0) }.map(\.1).joined(separator: "|")
    }
}

/// A registration in an `EventLoop`: its slot and the slot's generation. A freed slot's generation rises,
/// so an event still queued for a registration removed earlier in the same batch is recognised as stale and
/// dropped, even when a new registration has taken the slot.
public struct EventToken: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    init(rawValue: UInt64) { self.rawValue = rawValue }

    init(slot: Int, generation: UInt32) {
        rawValue = UInt64(generation) << 32 | UInt64(UInt32(slot))
    }

    var slot: Int { Int(UInt32(truncatingIfNeeded: rawValue)) }
    var generation: UInt32 { UInt32(truncatingIfNeeded: rawValue >> 32) }

    public var description: String { "#\(slot).\(generation)" }
}
