import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Testing

/// `edgeswipe doctor` as a user runs it: against a running service's control socket (answered with its hello),
/// against a socket nobody serves, and with a configuration whose edges it reports. Other suites may run
/// services at the same time, so only the findings these cases are about are asserted, not the whole list.
@Suite(.serialized) struct DoctorCLITests {
    static let recording = Fixtures.path(
        "aosp-mirror__platform_frameworks_base__tests__Input__res__raw__google_pixel_tablet_touchscreen.evemu")

    func doctor(_ arguments: [String]) throws -> (status: Int32, json: [String: Any]) {
        let r = try Subprocess.run(CLI.binary.path, ["doctor", "--json", "--no-grab-check"] + arguments)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return (r.status, try #require(object, "not a JSON object: \(r.stdout) \(r.stderr)"))
    }

    func codes(_ json: [String: Any]) -> [String] {
        ((json["findings"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
    }

    @Test func aRunningServiceAnswersAndIsNoFinding() throws {
        let dir = NSTemporaryDirectory() + "edgeswipe-doctor-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (child, socket) = try startService(["--replay", Self.recording, "--replay-delay", "600"], in: dir)
        defer { try? child.signal(SIGKILL); _ = try? child.wait() }

        let (_, json) = try doctor(["--socket", socket])
        #expect(!codes(json).contains("serviceUnreachable"))
        #expect(!codes(json).contains("protocolMismatch"))
        #expect((json["notes"] as? [String])?.contains("service: answers at \(socket), protocol 8") == true)
    }

    @Test func aSocketNobodyServesIsAFindingAndStatusOne() throws {
        let socket = NSTemporaryDirectory() + "edgeswipe-doctor-none-\(getpid()).sock"
        let (status, json) = try doctor(["--socket", socket])
        #expect(status == 1)
        #expect(codes(json).contains("serviceUnreachable"))
        #expect(json["ok"] as? Bool == false)
    }

    @Test func theConfiguredEdgesAreTheOnesChecked() throws {
        let path = NSTemporaryDirectory() + "edgeswipe-doctor-\(getpid()).yaml"
        try "defaults:\n  edges: [right, bottom]\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (_, json) = try doctor(["--config", path, "--socket", path + ".sock"])
        #expect((json["notes"] as? [String])?.contains("EdgeSwipe swipes from: bottom, right") == true)
    }
}
