import EdgeSwipeSystem
import Testing

/// The kernel's random source, as stream ids use it: the length asked for, hex of twice as many digits, and
/// no two draws alike (a fixed or counting source would repeat or share prefixes).
@Suite struct KernelRandomTests {
    @Test func lengthsAndForm() {
        for count in [0, 1, 16, 255, 256, 257, 4096] { #expect(KernelRandom.bytes(count).count == count) }
        let hex = KernelRandom.hex(byteCount: 16)
        #expect(hex.count == 32 && hex.allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test func drawsDiffer() {
        let draws = (0..<200).map { _ in KernelRandom.hex(byteCount: 16) }
        #expect(Set(draws).count == draws.count)
        // 4096 bytes take nearly every value: a stuck or narrow source would not (expected misses about 0).
        #expect(Set(KernelRandom.bytes(4096)).count > 240)
    }
}
