import EdgeSwipeSystem
import EdgeSwipeControl

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
    /// The id the page names it by (`POST /commands?stream=KEY`): 128 bits from the kernel's random source,
    /// sent only in this stream's hello, so only who reads the stream can act for it; another token holder
    /// cannot guess it from its own (the client id above is a counter, and never leaves the service).
    let key: String
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

    /// Hexadecimal digits of a key: 16 random bytes.
    static let keyLength = 32

    /// Could `text` be a key (bounded and plain, so it may be quoted back in an error)?
    static func mayBeKey(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }

    init(id: ControlClientID, key: String, connection: OpaquePointer, classes: Set<EventClass>, endpoint: HTTPEndpoint) {
        self.id = id
        self.key = key
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
    /// `?stream=ID`: the key of the event stream the command is made for, as the request gave it.
    let stream: String?

    init(origin: String?, stream: String?) {
        self.origin = origin
        self.stream = stream
    }
}
