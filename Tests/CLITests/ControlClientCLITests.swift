import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Testing

/// The session-side clients of the control socket (`report-output`, `doctor`) against a service that refuses them,
/// dies under them, trickles or accepts nobody (issue 33): each ends with status 1 naming what the service said,
/// never of SIGPIPE (status 141) and never later than its one deadline (2 s for the whole exchange).
@Suite struct ControlClientCLITests {
    static let tooMany = #"{"code":"tooManyClients","message":"64 clients already connected","type":"error"}"#
    static let denied = #"{"code":"permissionDenied","message":"uid 1000 may not use this socket","type":"error"}"#
    static let reply = #"{"command":"reportOutput","result":{"devices":[],"output":"DSI-1"},"type":"reply"}"#

    func reportOutput(_ socket: String) throws -> CLIResult {
        try CLI.run(["report-output", "--socket", socket, "--output", "DSI-1", "--transform", "90"])
    }

    func doctorUnreachableMessage(_ socket: String) throws -> String? {
        let r = try CLI.run(["doctor", "--json", "--no-grab-check", "--socket", socket])
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let findings = (json?["findings"] as? [[String: Any]]) ?? []
        return findings.first { $0["code"] as? String == "serviceUnreachable" }?["message"] as? String
    }

    @Test(arguments: [tooMany, denied])
    func aRefusalIsReportedNotASIGPIPE(_ line: String) throws {
        let service = try FakeControlService(.refuse(line: line))
        let r = try reportOutput(service.path)
        let code = line.contains("tooManyClients") ? "tooManyClients" : "permissionDenied"
        let message = line.contains("tooManyClients") ? "64 clients already connected" : "uid 1000 may not use this socket"
        #expect(r.status == 1, "\(r.status): \(r.stderr)")
        #expect(r.stderr == "edgeswipe report-output: the service at \(service.path) refused the connection (\(code)): \(message)\n")
        let doctor = try doctorUnreachableMessage(service.path)
        #expect(doctor == "the service does not answer at \(service.path): the service at \(service.path) refused the connection (\(code)): \(message)")
    }

    @Test func aServiceThatDiesBeforeTheAnswerIsNamed() throws {
        let service = try FakeControlService(.closeAfterHello)
        let r = try reportOutput(service.path)
        #expect(r.status == 1, "\(r.status): \(r.stderr)")
        #expect(r.stderr.hasPrefix("edgeswipe report-output: read(\(service.path)): closed before the answer"), "\(r.stderr)")
    }

    @Test func aTricklingServiceHasOneDeadlineForTheExchange() throws {
        // 130 bytes of hello, one every 100 ms: 13 s in all, each read well within 2 s.
        let service = try FakeControlService(.trickleHello(byteIntervalMS: 100, answer: Self.reply))
        let r = try reportOutput(service.path)
        #expect(r.status == 1, "\(r.status): \(r.stdout) \(r.stderr)")
        #expect(r.stderr.hasPrefix("edgeswipe report-output: read(\(service.path)): no hello within 2000 ms"), "\(r.stderr)")
        let doctor = try doctorUnreachableMessage(service.path)
        #expect(doctor?.contains("no hello within 2000 ms") == true, "\(doctor ?? "no finding")")
    }

    @Test func aServiceThatAcceptsNobodyHasTheSameDeadline() throws {
        // Before issue 33 connect blocked until the service accepted (here after 8 s; a hung one: never).
        let service = try FakeControlService(.acceptLate(delayMS: 8000, answer: Self.reply))
        let r = try reportOutput(service.path)
        #expect(r.status == 1, "\(r.status): \(r.stdout) \(r.stderr)")
        #expect(r.stderr.hasPrefix("edgeswipe report-output: connect(\(service.path)): the service accepted no connection within 2000 ms"),
                "\(r.stderr)")
    }
}
