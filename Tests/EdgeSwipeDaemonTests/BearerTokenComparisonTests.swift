import Testing
@testable import EdgeSwipeDaemon

/// Issue 14 item 1: the token check accepted wrong tokens (the length difference kept to 8 bits, the token
/// indexed modulo its length). Classes covered: lengths at and around powers of two on both sides (token
/// 16...512, candidate 0...1025), every prefix, every single-byte change at every position, the token
/// repeated past 256 and 512 characters, and a differential check against plain array equality.
@Suite struct BearerTokenComparisonTests {
    /// Token lengths the constructor allows, at and around powers of two.
    static let tokenLengths = [16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 300, 511, 512]
    /// Candidate lengths at and around powers of two, 0 to 1025.
    static let candidateLengths = [0, 1, 2, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257,
                                   511, 512, 513, 767, 768, 769, 1023, 1024, 1025]

    /// A token of `length` visible characters with no period shorter than itself (so a repetition of a prefix
    /// is never the token itself).
    static func tokenText(length: Int, seed: Int = 0) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        var state = UInt64(0x9E37_79B9_7F4A_7C15) &+ UInt64(length * 7919 + seed)
        var out: [UInt8] = []
        for _ in 0..<length {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            out.append(alphabet[Int(state >> 33) % alphabet.count])
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func theIssuesExamplesAreRefused() throws {
        // A 256-character token and an empty ?token=.
        let t256 = try BearerToken(Self.tokenText(length: 256))
        #expect(!t256.matches([UInt8]()))
        // A token of L >= 256: its first L - 256 characters.
        let text300 = Self.tokenText(length: 300)
        let t300 = try BearerToken(text300)
        #expect(!t300.matches(Array(text300.utf8.prefix(44))))
        // A short token repeated past 256 characters.
        let text16 = Self.tokenText(length: 16)
        let t16 = try BearerToken(text16)
        let repeated = Array(String(repeating: text16, count: 17).utf8)  // 272 = 256 + 16
        #expect(!t16.matches(repeated))
        #expect(!t16.matches(authorization: "Bearer " + String(repeating: text16, count: 17)))
    }

    @Test(arguments: tokenLengths)
    func onlyTheTokenItselfMatches(length: Int) throws {
        let text = Self.tokenText(length: length)
        let bytes = Array(text.utf8)
        let token = try BearerToken(text)
        #expect(token.matches(bytes))
        #expect(token.matches(authorization: "Bearer \(text)"))
        #expect(token.matches(authorization: "bearer \(text)"))
        // Every proper prefix, the empty one included.
        for n in 0..<length { #expect(!token.matches(bytes.prefix(n)), "prefix of \(n)") }
        // One byte more, and the token twice.
        #expect(!token.matches(bytes + [bytes[0]]))
        #expect(!token.matches(bytes + bytes))
        // The token repeated to every candidate length (prefixes of the repetition, and past 256/512).
        let repetition = Array(repeating: bytes, count: 1025 / length + 2).flatMap { $0 }
        for n in Self.candidateLengths where n != length {
            #expect(!token.matches(repetition.prefix(n)), "repetition cut to \(n)")
        }
        // Every single-byte change at every position: the low bit, the case bit, the high bit.
        for i in 0..<length {
            for delta: UInt8 in [1, 0x20, 0x80] {
                var changed = bytes
                changed[i] ^= delta
                #expect(!token.matches(changed), "byte \(i) xor \(delta)")
            }
        }
    }

    @Test(arguments: tokenLengths)
    func agreesWithPlainEqualityOnEveryCandidateLength(length: Int) throws {
        let text = Self.tokenText(length: length)
        let bytes = Array(text.utf8)
        let token = try BearerToken(text)
        for n in Self.candidateLengths {
            // Zeros, the token's bytes cycled, and another token's bytes: compared with the reference.
            let cycled = (0..<n).map { bytes[$0 % length] }
            let other = Array(Self.tokenText(length: n, seed: 1).utf8)
            for candidate in [[UInt8](repeating: 0, count: n), cycled, other] {
                #expect(token.matches(candidate) == (candidate == bytes), "length \(n)")
            }
        }
    }
}
