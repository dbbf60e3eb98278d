import EdgeSwipeSession
import Testing

/// sway's framing, bytes written by hand from sway-ipc(7) ("i3-ipc", then length and type as 32-bit
/// little-endian words, then the payload), never from the encoder.
@Suite struct I3IPCFramerTests {
    /// sway-ipc(7)'s own example: the `exit` command (type 0, payload "exit"), a hexdump in the man page.
    static let exitCommand: [UInt8] = [0x69, 0x33, 0x2d, 0x69, 0x70, 0x63, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                                       0x65, 0x78, 0x69, 0x74]

    static func frame(_ type: UInt32, _ payload: [UInt8]) -> [UInt8] {
        let n = UInt32(payload.count)
        return Array("i3-ipc".utf8) + [UInt8(n & 0xff), UInt8(n >> 8 & 0xff), UInt8(n >> 16 & 0xff), UInt8(n >> 24)]
            + [UInt8(type & 0xff), UInt8(type >> 8 & 0xff), UInt8(type >> 16 & 0xff), UInt8(type >> 24)] + payload
    }

    static func all(_ framer: inout I3IPCFramer, _ chunks: [[UInt8]]) -> [I3IPCFramer.Output] {
        var out: [I3IPCFramer.Output] = []
        for chunk in chunks { framer.append(chunk) { out.append($0) } }
        return out
    }

    @Test func encodesTheManPagesExitExample() {
        #expect(I3IPCFramer.encode(type: 0, payload: Array("exit".utf8)) == Self.exitCommand)
        // get_tree: type 4, no payload: 14 bytes.
        #expect(I3IPCFramer.encode(type: 4, payload: []) == Array("i3-ipc".utf8) + [0, 0, 0, 0, 4, 0, 0, 0])
    }

    @Test func readsAMessageFedOneByteAtATime() {
        var framer = I3IPCFramer()
        let out = Self.all(&framer, Self.exitCommand.map { [$0] })
        #expect(out == [.message(.init(type: 0, isEvent: false, payload: Array("exit".utf8)))])
        #expect(framer.bufferedBytes == 0)
    }

    @Test func readsAHeaderSplitAcrossReadsAndTwoMessagesInOneRead() {
        var framer = I3IPCFramer()
        // A window event (0x80000003) and a get_tree reply (4) back to back, cut inside the first header and
        // inside the second payload.
        let event = Self.frame(0x8000_0003, Array(#"{"change":"focus"}"#.utf8))
        let reply = Self.frame(4, Array(#"{"id":1}"#.utf8))
        let stream = event + reply
        let out = Self.all(&framer, [Array(stream[0..<9]), Array(stream[9..<(event.count + 17)]), Array(stream[(event.count + 17)...])])
        #expect(out == [.message(.init(type: 3, isEvent: true, payload: Array(#"{"change":"focus"}"#.utf8))),
                        .message(.init(type: 4, isEvent: false, payload: Array(#"{"id":1}"#.utf8)))])
    }

    @Test func aPayloadOfExactly64KiBIsKeptOneByteMoreIsSkippedAndTheStreamStaysInStep() {
        var framer = I3IPCFramer()
        #expect(framer.maxPayload == 65_536)
        let fits = [UInt8](repeating: 0x20, count: 65_536)
        let over = [UInt8](repeating: 0x20, count: 65_537)
        let after = Self.frame(0x8000_0003, Array("{}".utf8))
        var out: [I3IPCFramer.Output] = []
        var most = 0
        // Fed in 4 KiB reads, the way a socket gives it.
        let stream = Self.frame(4, fits) + Self.frame(4, over) + after
        var at = 0
        while at < stream.count {
            let end = min(at + 4096, stream.count)
            framer.append(stream[at..<end]) { out.append($0) }
            most = max(most, framer.bufferedBytes)
            at = end
        }
        #expect(out.count == 3)
        if case .message(let m) = out[0] { #expect(m.payload.count == 65_536 && m.type == 4) } else { Issue.record("first: \(out[0])") }
        #expect(out[1] == .oversized(type: 4, isEvent: false, length: 65_537))
        #expect(out[2] == .message(.init(type: 3, isEvent: true, payload: Array("{}".utf8))))
        // Never more than the kept payload (64 KiB) held: the oversized one was not buffered.
        #expect(most <= 65_536)
    }

    @Test func aBadMagicStopsTheFramer() {
        var framer = I3IPCFramer()
        let bad = Array("i3-IPC".utf8) + [2, 0, 0, 0, 0, 0, 0, 0] + Array("{}".utf8)
        let out = Self.all(&framer, [bad, Self.exitCommand])
        #expect(out == [.badMagic])
        #expect(framer.isBroken)
    }

    @Test func anEmptyPayloadIsAMessage() {
        var framer = I3IPCFramer()
        #expect(Self.all(&framer, [Self.frame(0x8000_0007, [])]) == [.message(.init(type: 7, isEvent: true, payload: []))])
    }
}
