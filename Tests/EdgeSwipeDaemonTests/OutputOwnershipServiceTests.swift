import EdgeSwipeControl
import Foundation
import Testing
@testable import EdgeSwipeDaemon

/// Issue 33, item 5: a reported output belongs to the connection that reported it and is forgotten when it closes
/// (protocol 4), or, reported `persistent` (as every report of protocol 3 was), stays until withdrawn
/// (`withdrawOutput`). So no client's names lock another's out, and a second name turns `rotation: auto` devices
/// upright only while it is held. Every way an output comes and goes: a connection's report and its closing, a
/// persistent report and its withdrawal, one's own withdrawal, two holders of one name, the per-client room.
/// The device is the demo recording's panel (upright 1599/11 × 2559/11 mm) with `rotation: auto`; a report at
/// transform 270 turns it 90° clockwise.
@Suite struct OutputOwnershipServiceTests {
    static func report(_ name: String, transform: Int = 270, version: Int = 4, persistent: Bool? = nil) -> String {
        let p = persistent.map { ",\"persistent\":\($0)" } ?? ""
        return #"{"command":"reportOutput","output":"\#(name)","transform":\#(transform),"protocol":\#(version)\#(p)}"#
    }

    static func withdraw(_ name: String) -> String {
        #"{"command":"withdrawOutput","output":"\#(name)","protocol":4}"#
    }

    /// The device's rotation and output as the service publishes them.
    static func published(_ s: EdgeSwipeService) -> (rotation: JSONValue?, output: JSONValue?) {
        guard case .array(let screens) = s.screens(), let first = screens.first else { return (nil, nil) }
        return (first["rotation"], first["output"])
    }

    static func isReply(_ v: JSONValue?) -> Bool { v?["type"] == .string("reply") }

    @Test func aConnectionsReportGoesWithIt() throws {
        let demo = try DemoReplayService(settings: "defaults:\n  rotation: auto\n")
        var feedback: TestClient? = try demo.connect()
        #expect(Self.isReply(try demo.answer(feedback!, Self.report("DSI-1"))))
        #expect(Self.published(demo.service) == (.integer(90), .string("DSI-1")))
        feedback = nil  // the connection closes
        try demo.settle()
        #expect(Self.published(demo.service) == (.integer(0), .null), "forgotten with its connection: upright, no output")
        withExtendedLifetime(feedback) {}
    }

    @Test func aPersistentReportStaysUntilWithdrawn() throws {
        let demo = try DemoReplayService(settings: "defaults:\n  rotation: auto\n")
        for request in [Self.report("DSI-1", version: 3), Self.report("DSI-1", persistent: true)] {
            var hook: TestClient? = try demo.connect()
            #expect(Self.isReply(try demo.answer(hook!, request)))
            hook = nil  // a hook's edgeswipe report-output exits
            try demo.settle()
            #expect(Self.published(demo.service) == (.integer(90), .string("DSI-1")), "kept after its connection: \(request)")
            withExtendedLifetime(hook) {}
            let other = try demo.connect()
            let withdrawn = try demo.answer(other, Self.withdraw("DSI-1"))
            #expect(withdrawn?["result"] == .object(["output": .string("DSI-1"), "devices": .array([])]))
            #expect(Self.published(demo.service) == (.integer(0), .null))
        }
        let client = try demo.connect()
        let unknown = try demo.answer(client, Self.withdraw("DSI-1"))
        #expect(unknown?["code"] == .string("badArguments")
                && unknown?["message"] == .string("withdrawOutput: no report of output \"DSI-1\" to withdraw"))
    }

    @Test func oneClientsNamesLockNoOneOutAndASecondNameTurnsUprightOnlyWhileHeld() throws {
        let demo = try DemoReplayService(settings: "defaults:\n  rotation: auto\n")
        let hook = try demo.connect()
        #expect(Self.isReply(try demo.answer(hook, Self.report("DSI-1", persistent: true))))
        #expect(Self.published(demo.service) == (.integer(90), .string("DSI-1")))
        var greedy: TestClient? = try demo.connect()
        for i in 1...16 { #expect(Self.isReply(try demo.answer(greedy!, Self.report("X-\(i)", transform: 0)))) }
        let seventeenth = try demo.answer(greedy!, Self.report("X-17", transform: 0))
        #expect(seventeenth?["code"] == .string("refused") && seventeenth?["message"]
                == .string("reportOutput: this client reported 16 outputs already (the limit); \"X-17\" is not kept"))
        // 17 names and none in the settings: not guessed, upright.
        #expect(Self.published(demo.service) == (.integer(0), .null))
        // Another client still has its own room.
        let feedback = try demo.connect()
        #expect(Self.isReply(try demo.answer(feedback, Self.report("HDMI-A-1", transform: 0))))
        // One's own withdrawal: a name of its own.
        #expect(Self.isReply(try demo.answer(feedback, Self.withdraw("HDMI-A-1"))))
        #expect(try demo.answer(feedback, Self.withdraw("X-1"))?["code"] == .string("badArguments"), "another's name")
        greedy = nil
        try demo.settle()
        #expect(Self.published(demo.service) == (.integer(90), .string("DSI-1")), "the greedy client's names went with it")
        withExtendedLifetime(greedy) {}
    }

    /// Two holders of one name: the latest report counts; when it goes, the other holder's is in force again.
    @Test func theLatestHeldReportOfANameCounts() throws {
        let demo = try DemoReplayService(settings: "defaults:\n  rotation: auto\n")
        var feedback: TestClient? = try demo.connect()
        #expect(Self.isReply(try demo.answer(feedback!, Self.report("DSI-1", transform: 270))))
        #expect(Self.published(demo.service).rotation == .integer(90))
        let hook = try demo.connect()
        #expect(Self.isReply(try demo.answer(hook, Self.report("DSI-1", transform: 90, persistent: true))))
        #expect(Self.published(demo.service).rotation == .integer(270))
        #expect(Self.isReply(try demo.answer(hook, Self.withdraw("DSI-1"))))
        #expect(Self.published(demo.service) == (.integer(90), .string("DSI-1")), "feedback's report again")
        feedback = nil
        try demo.settle()
        #expect(Self.published(demo.service) == (.integer(0), .null))
        withExtendedLifetime(feedback) {}
    }

    /// A physical lower bound: no display is under 10 mm across; 0 still says "unknown" (wl_output's 0).
    @Test func sizesBelowTenMillimetresAreRefusedAndNamed() {
        func decoded(_ fields: String) -> Result<ControlRequest, ControlProtocol.RequestError> {
            ControlProtocol.decodeRequest(Array(#"{"command":"reportOutput","output":"DSI-1","transform":0,\#(fields)}"#.utf8))
        }
        for (field, value) in [("widthMM", "0.3"), ("heightMM", "0.001"), ("widthMM", "1e-300"), ("heightMM", "9.99")] {
            guard case .failure(let e) = decoded("\"\(field)\":\(value)") else {
                Issue.record("\(field) \(value) was taken")
                continue
            }
            #expect(e.error.code == .badArguments && e.error.message.hasPrefix(
                "reportOutput: \"\(field)\" must be 0 (unknown) or from 10 to 10000 mm, got "), "\(e.error.message)")
        }
        if case .success(let r) = decoded(#""widthMM":10,"heightMM":0"#), case .reportOutput(let report) = r.command {
            #expect(report.widthMM == 10 && report.heightMM == nil)
        } else {
            Issue.record("10 mm (and 0: unknown) refused")
        }
    }
}
