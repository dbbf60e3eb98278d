/// Reads fuzz input as a stream of small decisions. Past the end it yields zeros, so every input is a valid
/// program for the harness (libFuzzer's mutations then steer decisions rather than being rejected).
struct ByteSource {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint16() -> UInt16 { UInt16(byte()) << 8 | UInt16(byte()) }

    mutating func int32() -> Int32 {
        Int32(bitPattern: UInt32(uint16()) << 16 | UInt32(uint16()))
    }

    /// A value in 0...1 with 256 steps.
    mutating func unit() -> Double { Double(byte()) / 255 }
}
