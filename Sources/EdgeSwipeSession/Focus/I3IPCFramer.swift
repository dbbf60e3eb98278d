/// sway's IPC framing (i3-ipc, man sway-ipc(7)): every message, both ways, is the 6 bytes "i3-ipc", the payload's
/// length and the message type as 32-bit integers in the host's byte order (little-endian on every machine
/// EdgeSwipe runs on), then the payload (JSON). Events are replies whose type has the high bit set.
///
/// Pure: the sway source appends what each read returned (any split: a header across two reads, many messages
/// in one) and takes the messages out. Memory is bounded: a payload over `maxPayload` is not kept but skipped
/// as it arrives and reported once as `.oversized`, so a huge `get_tree` costs nothing and the stream stays in
/// step. A bad magic means the stream is not i3-ipc (or is out of step): `.badMagic`, after which the framer
/// takes nothing more (the source closes the socket).
public struct I3IPCFramer: Sendable {
    public struct Message: Sendable, Hashable {
        /// The type without the event bit (e.g. 4: get_tree's reply; with `isEvent`, 3: window).
        public var type: UInt32
        public var isEvent: Bool
        public var payload: [UInt8]

        public init(type: UInt32, isEvent: Bool, payload: [UInt8]) {
            self.type = type
            self.isEvent = isEvent
            self.payload = payload
        }
    }

    public enum Output: Sendable, Hashable {
        case message(Message)
        /// A message of `length` payload bytes, over the bound: skipped.
        case oversized(type: UInt32, isEvent: Bool, length: Int)
        /// The 6 bytes where a header starts are not "i3-ipc".
        case badMagic
    }

    public static let magic: [UInt8] = Array("i3-ipc".utf8)
    public static let headerBytes = 14
    static let eventBit: UInt32 = 0x8000_0000
    /// 64 KiB: a window event (one container) is a few KiB; a get_tree reply of a busy desktop may pass it, and
    /// is then skipped (the first focus event gives the focus instead).
    public static let defaultMaxPayload = 64 * 1024

    public let maxPayload: Int

    private enum State: Sendable, Hashable {
        /// Collecting a header (what is in `buffer`).
        case header
        /// Collecting a payload of this length and type.
        case payload(type: UInt32, length: Int)
        /// Dropping this many more bytes of an oversized payload.
        case skipping(remaining: Int)
        /// Out of step: nothing more is read.
        case broken
    }

    private var state = State.header
    private var buffer: [UInt8] = []

    public init(maxPayload: Int = defaultMaxPayload) {
        self.maxPayload = maxPayload
    }

    /// Bytes held for an incomplete header or payload (at most `headerBytes` or `maxPayload`).
    public var bufferedBytes: Int { buffer.count }
    public var isBroken: Bool { state == .broken }

    /// Takes one read's bytes; `emit` gets each complete message (or problem) in stream order.
    public mutating func append(_ bytes: some Collection<UInt8>, _ emit: (Output) -> Void) {
        var rest = bytes[...]
        while !rest.isEmpty {
            switch state {
            case .broken:
                return
            case .header:
                let take = min(Self.headerBytes - buffer.count, rest.count)
                buffer.append(contentsOf: rest.prefix(take))
                rest = rest.dropFirst(take)
                guard buffer.count == Self.headerBytes else { continue }
                guard buffer.prefix(6).elementsEqual(Self.magic) else {
                    buffer.removeAll()
                    state = .broken
                    emit(.badMagic)
                    return
                }
                let length = Int(Self.word(buffer, at: 6))
                let rawType = Self.word(buffer, at: 10)
                buffer.removeAll(keepingCapacity: true)
                if length > maxPayload {
                    emit(.oversized(type: rawType & ~Self.eventBit, isEvent: rawType & Self.eventBit != 0, length: length))
                    state = .skipping(remaining: length)
                } else if length == 0 {
                    emit(.message(Message(type: rawType & ~Self.eventBit, isEvent: rawType & Self.eventBit != 0, payload: [])))
                } else {
                    state = .payload(type: rawType, length: length)
                }
            case .payload(let rawType, let length):
                let take = min(length - buffer.count, rest.count)
                buffer.append(contentsOf: rest.prefix(take))
                rest = rest.dropFirst(take)
                guard buffer.count == length else { continue }
                let payload = buffer
                buffer.removeAll(keepingCapacity: false)
                state = .header
                emit(.message(Message(type: rawType & ~Self.eventBit, isEvent: rawType & Self.eventBit != 0, payload: payload)))
            case .skipping(let remaining):
                let take = min(remaining, rest.count)
                rest = rest.dropFirst(take)
                state = remaining == take ? .header : .skipping(remaining: remaining - take)
            }
        }
    }

    /// The bytes of one message to sway: `type` (e.g. 2 subscribe, 4 get_tree) and its payload.
    public static func encode(type: UInt32, payload: some Collection<UInt8>) -> [UInt8] {
        var out = magic
        out.reserveCapacity(headerBytes + payload.count)
        for word in [UInt32(payload.count), type] {
            withUnsafeBytes(of: word.littleEndian) { out.append(contentsOf: $0) }
        }
        out.append(contentsOf: payload)
        return out
    }

    private static func word(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }
}

/// The message types the sway source sends and reads (sway-ipc(7)).
public enum SwayIPCType {
    public static let subscribe: UInt32 = 2
    public static let getTree: UInt32 = 4
    /// Event type 3 (with the event bit): a window's change.
    public static let windowEvent: UInt32 = 3
}
