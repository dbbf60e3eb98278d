/// Bytes from the kernel's random source, for identifiers another client must not be able to guess (HTTP
/// event stream ids). The standard library's `SystemRandomNumberGenerator` is that source on Linux:
/// getrandom(2) from the urandom pool, which blocks only until the pool is first initialised at boot.
public enum KernelRandom {
    public static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var out: [UInt8] = []
        out.reserveCapacity(count + 7)
        while out.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { out += $0 }
        }
        return Array(out.prefix(count))
    }

    /// `byteCount` random bytes as lowercase hexadecimal (two digits a byte).
    public static func hex(byteCount: Int) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(byteCount * 2)
        for b in bytes(byteCount) { text += [digits[Int(b >> 4)], digits[Int(b & 0x0F)]] }
        return String(decoding: text, as: UTF8.self)
    }
}
