import EdgeSwipeControl
import EdgeSwipeDoctor
import Testing

/// Issue 35: `edgeswipe doctor` shows the route a handed-off back would take now, from the service's hello
/// (`backRoute`, protocol 5), read through ServiceLine; a hello without it (an older service) shows none.
@Suite struct BackRouteNoteTests {
    @Test func theHellosBackRouteIsANote() throws {
        let line = #"{"type":"hello","protocol":5,"server":"edgeswipe","backRoute":{"route":"toolkit kirigami","action":"keys KEY_LEFTALT KEY_LEFT"}}"#
        guard case .hello(let hello) = try #require(ServiceLine(line: Array(line.utf8))) else {
            Issue.record("not a hello")
            return
        }
        #expect(hello.backRoute == ServiceBackRoute(route: "toolkit kirigami", action: "keys KEY_LEFTALT KEY_LEFT"))
        var facts = DoctorChecksTests.clean()
        facts.backRoute = hello.backRoute
        #expect(DoctorChecks.run(facts).notes.contains(
            "back route now (the focused app's, for a back no client takes): toolkit kirigami: keys KEY_LEFTALT KEY_LEFT"))
        #expect(DoctorChecks.run(facts).findings == [])
    }

    @Test func anOlderHelloHasNone() throws {
        for line in [#"{"type":"hello","protocol":4,"server":"edgeswipe"}"#,
                     #"{"type":"hello","protocol":5,"server":"edgeswipe","backRoute":{"route":7}}"#] {
            guard case .hello(let hello) = try #require(ServiceLine(line: Array(line.utf8))) else { continue }
            #expect(hello.backRoute == nil)
        }
        #expect(!DoctorChecks.run(DoctorChecksTests.clean()).notes.contains { $0.hasPrefix("back route now") })
    }
}
