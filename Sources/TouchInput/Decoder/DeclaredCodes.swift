import CEvdev

/// Bitset of the (type, code) pairs the device declares, so undeclared events are counted without hashing.
struct DeclaredCodes {
    static let codesPerType = Int(KEY_MAX) + 1
    var bits: [UInt64]

    init(_ device: DeviceDescription) {
        let count = (Int(EventType.max) + 1) * Self.codesPerType
        bits = Array(repeating: 0, count: (count + 63) / 64)
        for (type, codes) in device.codes where type <= EventType.max {
            for code in codes where Int(code) < Self.codesPerType {
                let i = Int(type) * Self.codesPerType + Int(code)
                bits[i >> 6] |= 1 << UInt64(i & 63)
            }
        }
    }

    @inline(__always)
    func contains(type: UInt16, code: UInt16) -> Bool {
        guard type <= EventType.max, Int(code) < Self.codesPerType else { return false }
        let i = Int(type) * Self.codesPerType + Int(code)
        return bits[i >> 6] & (1 << UInt64(i & 63)) != 0
    }
}
