/// A descriptor on an `EventLoop`, and the one owner that closes it.
///
/// Ownership starts in `init`, before anything else can fail: whoever creates a descriptor wraps it at once,
/// and from then on dropping the registration (a later setup step threw, the owner went away) or calling
/// `close()` unregisters it and closes it, exactly once. This replaces the create, register, close-on-throw,
/// unregister, close-in-deinit sequence each descriptor-owning class used to write by hand.
public final class LoopRegistration {
    /// Whether closing the registration closes the descriptor too.
    public enum Ownership: Sendable {
        /// Ours: closed when the registration closes.
        case owned
        /// A library's (libinput's context fd, libmicrohttpd's epoll fd): only unregistered; the library closes it.
        case borrowed
    }

    public let descriptor: FileDescriptor
    /// For errors and logs, e.g. "signalfd", "control client #3".
    public let name: String
    public let ownership: Ownership
    // Strong: the loop must outlive the registration this object removes, whatever order an owner releases
    // its properties in. No cycle: the loop holds handlers, not registrations.
    private let loop: EventLoop
    private var token: EventToken?
    public private(set) var isClosed = false

    /// Takes `descriptor` over; it is not on the loop until `register` is called.
    public init(loop: EventLoop, descriptor: FileDescriptor, name: String, ownership: Ownership = .owned) {
        self.loop = loop
        self.descriptor = descriptor
        self.name = name
        self.ownership = ownership
    }

    /// Creates the descriptor with `open` and registers it for `events`. If registering fails, the
    /// descriptor is closed before the error is rethrown.
    public convenience init(loop: EventLoop, name: String, events: IOEvents, ownership: Ownership = .owned,
                            open: () throws -> FileDescriptor, handler: @escaping EventLoop.Handler) throws {
        self.init(loop: loop, descriptor: try open(), name: name, ownership: ownership)
        try register(events: events, handler: handler)
    }

    deinit { close() }

    /// Puts the descriptor on the loop. Once only.
    public func register(events: IOEvents, handler: @escaping EventLoop.Handler) throws {
        precondition(token == nil && !isClosed, "\(name): registered twice or after close")
        token = try loop.register(fd: descriptor.rawValue, events: events, name: name, handler: handler)
    }

    public var isRegistered: Bool { token != nil }

    /// What the loop waits for now; nil when not registered.
    public var events: IOEvents? { token.flatMap { loop.events(of: $0) } }

    /// Changes what the loop waits for (e.g. adds `.writable` while output is queued).
    public func modify(events: IOEvents) throws {
        guard let token else { return }
        try loop.modify(token, events: events)
    }

    /// Unregisters, then closes an owned descriptor. Idempotent; the descriptor is closed exactly once.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        if let token {
            loop.unregister(token)
            self.token = nil
        }
        if case .owned = ownership { try? descriptor.close() }
    }
}
