import EdgeSwipeSystem

/// One `GET /events` client: its subscription and bounded output queue. libmicrohttpd pulls from the queue
/// through a content-reader callback; when the queue is empty the connection is suspended, and a published
/// event resumes it. Lives on the loop thread only.
final class EventStream {
    enum State {
        /// Receiving events.
        case open
        /// Too slow, or the service is stopping: the reader ends the response, then MHD closes the socket.
        case dropped
    }

    let id: ControlClientID
    /// `struct MHD_Connection *`, valid until the response's free callback runs.
    let connection: OpaquePointer
    let classes: Set<EventClass>
    var queue = ByteQueue()
    var state = State.open
    /// The reader found nothing to send and suspended the connection.
    var suspended = false
    /// The socket watched on the service loop for the client going away: libmicrohttpd does not notice a
    /// disconnect while the connection is suspended, which an idle stream nearly always is.
    var hangUpWatch: LoopRegistration?
    weak var endpoint: HTTPEndpoint?

    init(id: ControlClientID, connection: OpaquePointer, classes: Set<EventClass>, endpoint: HTTPEndpoint) {
        self.id = id
        self.connection = connection
        self.classes = classes
        self.endpoint = endpoint
    }
}

/// The body of one POST /commands while it arrives.
final class CommandExchange {
    var body: [UInt8] = []
    /// The response is queued.
    var answered = false
    /// The body passed the limit: the rest is discarded and the answer is 413.
    var tooLarge = false
    /// Bytes dropped since then (bounded: past 16 x the limit the connection is closed).
    var discarded = 0
    let origin: String?
    /// `?stream=ID`: the event stream the command is made for.
    let stream: ControlClientID?

    init(origin: String?, stream: ControlClientID?) {
        self.origin = origin
        self.stream = stream
    }
}
