import EdgeSwipeSystem
import EdgeSwipeControl

/// One accepted control client: its input framer, its bounded output queue, its subscriptions.
final class ControlConnection {
    enum State {
        /// Reading requests and writing replies and events.
        case open
        /// The peer finished sending (EOF); the queue is flushed, then the connection closes.
        case draining
        case closed
    }

    let id: ControlClientID
    /// The socket: owned by its registration, closed once when the connection closes.
    let registration: LoopRegistration
    let peer: PeerCredentials
    var state = State.open
    var framer: LineFramer
    var output = ByteQueue()
    var subscriptions = Set<EventClass>()

    init(id: ControlClientID, registration: LoopRegistration, peer: PeerCredentials, maxLineBytes: Int) {
        self.id = id
        self.registration = registration
        self.peer = peer
        framer = LineFramer(maxLineBytes: maxLineBytes)
    }

    var descriptor: FileDescriptor { registration.descriptor }

    var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    /// What the loop waits for: input while open, output while anything is queued.
    var interest: IOEvents {
        var e: IOEvents = []
        if case .open = state { e.insert(.readable); e.insert(.readHangUp) }
        if !output.isEmpty { e.insert(.writable) }
        return e
    }
}
