import FixtureSupport
import Foundation
import Testing
import TouchTrace
import TouchModel
import YAMLDocument

/// Damaged copies of a real recording, in both formats: every one is read or refused with a
/// TraceError that names a line — never a crash, never a hang. Deterministic (seeded).
@Suite("damaged recordings")
struct MutationTests {
    /// SplitMix64: a small seeded generator, so every run tries the same damage.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func damage(_ original: [UInt8], _ g: inout Generator) -> [UInt8] {
        var bytes = original
        for _ in 0..<Int.random(in: 1...4, using: &g) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &g)
            switch Int.random(in: 0..<6, using: &g) {
            case 0: bytes[at] = UInt8.random(in: 0...255, using: &g)                       // any byte
            case 1: bytes[at] = Array(" -:[],#\n\t0-9x".utf8).randomElement(using: &g)!   // a meaningful one
            case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &g)))
            case 3: bytes.insert(contentsOf: Array("-99999999999 ".utf8), at: at)
            case 4: bytes.removeSubrange(at...)                                              // truncation
            default:
                let end = min(bytes.count, at + 60)
                bytes.insert(contentsOf: bytes[at..<end], at: at)                             // repetition
            }
        }
        return bytes
    }

    static func check(_ original: String, seed: UInt64, rounds: Int) -> (read: Int, refused: Int) {
        var g = Generator(state: seed)
        var counts = (read: 0, refused: 0)
        let bytes = Array(original.utf8)
        for round in 0..<rounds {
            let damaged = damage(bytes, &g)
            let text = String(decoding: damaged, as: UTF8.self)
            do {
                _ = try TraceReader.read(text: text, source: "damaged-\(round)")
                counts.read += 1
            } catch {
                counts.refused += 1
                #expect(error.line > 0 || error.problem == .empty, "round \(round): \(error)")
                #expect(error.file == "damaged-\(round)")
            }
        }
        return counts
    }

    static let sample = "whot__evemu-devices__touchscreens__Atmel_maXTouch_Touchscreen.2-fingers-touch-release.events"

    @Test("damaged evemu text")
    func evemu() throws {
        let text = try String(contentsOf: Fixtures.url(Self.sample), encoding: .utf8)
        let counts = Self.check(text, seed: 1, rounds: 400)
        // Most damage is caught; some (a changed value, a dropped comment) leaves a valid file.
        #expect(counts.refused > 100)
        #expect(counts.read > 10)
    }

    @Test("damaged libinput record text")
    func record() throws {
        let trace = try TraceReader.read(path: Fixtures.path(Self.sample))
        let counts = Self.check(LibinputRecordWriter.write(trace), seed: 2, rounds: 300)
        #expect(counts.refused > 100)
        #expect(counts.read > 10)
    }

    @Test("damaged YAML documents load or fail with a mark")
    func yamlNode() {
        let text = """
            # edgeswipe configuration
            devices:
              - match: {kind: touchscreen, name: "Atmel*"}
                size: 218x136
                edges: [left, right]
              - match: &pad {kind: touchpad}
                ignore: true
            thresholds: {start_mm: 12.5, min_velocity_mm_s: 150}
            alias_use: *pad
            """
        var g = Generator(state: 3)
        var failed = 0
        for round in 0..<300 {
            let damaged = String(decoding: Self.damage(Array(text.utf8), &g), as: UTF8.self)
            do {
                _ = try YAMLNode.load(text: damaged, source: "config-\(round)")
            } catch {
                failed += 1
                #expect(error.mark.line >= 1, "round \(round): \(error)")
            }
        }
        #expect(failed > 50)
    }
}
