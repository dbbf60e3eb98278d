import Gestures

/// The registered back handlers of every client, in registration order. Bounded per client (`perClient`), so a
/// client cannot grow the service's memory; no total, which one client on many connections could fill and leave
/// a later one (`edgeswipe feedback`, the kit) without a handler: each client's room is its own, as its exclusion
/// rectangles are. Memory stays bounded because clients are (the socket's and the HTTP bridge's limits). Pure: no
/// I/O, no clock.
public struct BackHandlerRegistry: Sendable {
    public static let perClient = 16

    /// Oldest first: the newest of a priority is the last one found.
    public private(set) var handlers: [BackHandler] = []
    /// The id the next registration gets.
    public private(set) var nextID = BackHandlerID(1)

    public init() {}

    public var isEmpty: Bool { handlers.isEmpty }

    /// Adds a handler; `edges` nil takes `BackHandler.defaultEdges`.
    public mutating func register(_ priority: BackPriority, edges: Set<Edge>?, client: BackClient) throws(BackHandlerError) -> BackHandler {
        let taken = edges ?? BackHandler.defaultEdges
        guard !taken.isEmpty else { throw .noEdges }
        guard handlers.lazy.filter({ $0.client == client }).count < Self.perClient else {
            throw .tooManyForClient(limit: Self.perClient)
        }
        let handler = BackHandler(id: nextID, priority: priority, edges: taken, client: client)
        nextID = BackHandlerID(nextID.rawValue + 1)
        handlers.append(handler)
        return handler
    }

    /// Removes the client's handler `id`.
    public mutating func unregister(_ id: BackHandlerID, client: BackClient) throws(BackHandlerError) -> BackHandler {
        guard let i = handlers.firstIndex(where: { $0.id == id }) else { throw .unknown(id) }
        guard handlers[i].client == client else { throw .notYours(id) }
        return handlers.remove(at: i)
    }

    /// Removes every handler of the client (it went away); returns them.
    public mutating func removeAll(of client: BackClient) -> [BackHandler] {
        let gone = handlers.filter { $0.client == client }
        if !gone.isEmpty { handlers.removeAll { $0.client == client } }
        return gone
    }

    /// The most recently registered handler of `priority` taking swipes from `edge`.
    public func newest(_ priority: BackPriority, taking edge: Edge) -> BackHandler? {
        handlers.last { $0.priority == priority && $0.edges.contains(edge) }
    }

    public func handler(_ id: BackHandlerID) -> BackHandler? {
        handlers.first { $0.id == id }
    }
}
