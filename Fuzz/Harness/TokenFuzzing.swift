import EdgeSwipeDaemon

/// `BearerToken.matches` against a plain reference comparison (array equality). Input: two bytes for the
/// token's length (16...512), a mode byte, then bytes. The token's characters are the input mapped to visible
/// ASCII; the candidate is the raw rest (mode 0), a prefix of the token (1), the token repeated to a length
/// (2), the token with one byte changed (3), or the token with bytes appended (4), so the fuzzer reaches the
/// lengths around 256 and 512 where the old comparison wrapped. Invariant: both comparisons agree, for the
/// raw bytes and for the `Authorization: Bearer` form.
enum TokenFuzzing {
    static func run(_ data: UnsafeRawBufferPointer) -> [String] {
        var input = ByteSource(data)
        let length = 16 + Int(input.uint16()) % 497
        let mode = input.byte() % 5
        let token = (0..<length).map { _ in 0x21 + input.byte() % 94 }
        guard let bearer = try? BearerToken(String(decoding: token, as: UTF8.self)) else {
            return ["BearerToken refused a \(length)-character visible token"]
        }
        var rest: [UInt8] = []
        while !input.isAtEnd { rest.append(input.byte()) }
        let count = rest.count >= 2 ? Int(rest[0]) << 8 | Int(rest[1]) : 0
        let candidate: [UInt8]
        switch mode {
        case 1: candidate = Array(token.prefix(count % (length + 1)))
        case 2: candidate = (0..<(count % 1100)).map { token[$0 % length] }
        case 3:
            var changed = token
            changed[count % length] ^= rest.count > 2 && rest[2] != 0 ? rest[2] : 1
            candidate = changed
        case 4: candidate = token + rest.dropFirst(2)
        default: candidate = rest
        }
        var problems: [String] = []
        let expected = candidate == token
        if bearer.matches(candidate) != expected {
            problems.append("matches(\(candidate.count) bytes) = \(!expected) for a \(length)-byte token (mode \(mode))")
        }
        // The header form: only for candidates a header can carry unchanged (visible ASCII, no spaces).
        if !candidate.isEmpty, candidate.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
            let header = "Bearer " + String(decoding: candidate, as: UTF8.self)
            if bearer.matches(authorization: header) != expected {
                problems.append("matches(authorization:) disagrees for \(candidate.count) bytes (mode \(mode))")
            }
        }
        return problems
    }
}
