import Navigation
import Testing
import TouchModel
@testable import EdgeSwipeDaemon
import EdgeSwipeControl

/// Issue 34 item 3: the service routes commands by family (`ControlRouter`): navigation's to navigation, output
/// reports to the service's screens. Before, `reportOutput` went through the navigation handler, which brought
/// navigation's clock to the command's time and flushed it: a transition due to end was ended by an output report
/// (this suite's first test failed so: 3 issues, the push's didAppear/transitionFinished at 351 ms drained and a
/// second flush). Commands go in as lines, through `ControlProtocol.respond` as the socket and HTTP bridge pass them.
@Suite struct CommandRoutingTests {
    /// Stands for the service's screens: what it was told, and one screen for the hello.
    final class FakeScreens: ServiceScreens {
        var calls: [String] = []
        func outputReported(_ report: OutputReport, from client: ControlClientID) -> Result<JSONValue, ControlError> {
            calls.append("report \(report.output) from \(client.rawValue)")
            return .success(.object(["output": .string(report.output), "devices": .array([])]))
        }
        func outputWithdrawn(_ name: String, by client: ControlClientID) -> Result<JSONValue, ControlError> {
            calls.append("withdraw \(name) by \(client.rawValue)")
            return .success(.object(["output": .string(name), "devices": .array([])]))
        }
        func outputsForgotten(of client: ControlClientID) { calls.append("forget \(client.rawValue)") }
        func screens() -> JSONValue { .array([.object(["output": .string("DSI-1")])]) }
    }

    let client = ControlClientID(rawValue: 7)

    func send(_ text: String, _ h: any ControlCommandHandler, at now: Microseconds) -> String {
        var subscriptions = Set<EventClass>()
        let r = ControlProtocol.respond(to: Array(text.utf8), subscriptions: &subscriptions, handler: h, client: client, now: now)
        return String(decoding: r.line.dropLast(), as: UTF8.self)
    }

    /// A push at 1 ms starts a 350 ms transition. An output report at 1 s goes to the screens and leaves navigation
    /// where it was: still transitioning, no event, no flush. The next navigation command (state, at 1 s) brings
    /// navigation to its time: the push's end comes then, stamped 351 ms (its deadline).
    @Test func anOutputReportNeitherAdvancesNavigationNorFlushesIt() throws {
        let navigation = NavigationCommandHandler(session: try NavigationSession(stack: "home"))
        var flushes = 0
        navigation.afterChange = { flushes += 1 }
        let screens = FakeScreens()
        let router = ControlRouter(navigation: navigation, screens: ScreenCommandHandler(target: screens))
        _ = send(#"{"command":"push","name":"inbox"}"#, router, at: 1_000)
        #expect(navigation.session.controller.isTransitioning)
        _ = navigation.session.takeEvents()
        #expect(flushes == 1)

        let reply = send(#"{"command":"reportOutput","output":"DSI-1","transform":90,"flipped":false}"#, router, at: 1_000_000)
        #expect(reply == #"{"command":"reportOutput","result":{"devices":[],"output":"DSI-1"},"type":"reply"}"#)
        #expect(screens.calls == ["report DSI-1 from 7"])
        #expect(navigation.session.controller.isTransitioning)
        #expect(navigation.session.takeEvents().isEmpty)
        #expect(flushes == 1)

        _ = send(#"{"command":"withdrawOutput","output":"DSI-1"}"#, router, at: 1_000_000)
        #expect(screens.calls == ["report DSI-1 from 7", "withdraw DSI-1 by 7"])
        #expect(navigation.session.controller.isTransitioning)
        #expect(flushes == 1)

        _ = send(#"{"command":"state"}"#, router, at: 1_000_000)
        #expect(!navigation.session.controller.isTransitioning)
        #expect(flushes == 2)
        let kinds = navigation.session.takeEvents().map { "\($0.time.rawValue) \($0.kind)" }
        #expect(kinds.last == "351000 transitionFinished(Navigation.TransitionKind.push, from: Optional(\"home\"), to: Optional(\"inbox\"))")
    }

    /// Navigation's commands never reach the screens; with no screens behind the router (a replay, tests without
    /// devices) output reports are answered `unavailable`, and with no navigation its commands are.
    @Test func eachFamilyAnswersItsOwnAndTheMissingOnesSaySo() throws {
        let screens = FakeScreens()
        let withScreens = ControlRouter(navigation: nil, screens: ScreenCommandHandler(target: screens))
        #expect(send(#"{"command":"pop"}"#, withScreens, at: 10)
                == #"{"code":"unavailable","message":"pop: no navigation stack is served here","type":"error"}"#)
        #expect(screens.calls.isEmpty)

        let navigationOnly = ControlRouter(navigation: NavigationCommandHandler(session: try NavigationSession(stack: "home")))
        #expect(send(#"{"command":"reportOutput","output":"DSI-1","transform":0,"flipped":false}"#, navigationOnly, at: 10)
                == #"{"code":"unavailable","message":"reportOutput: no touch devices are served here","type":"error"}"#)
        #expect(send(#"{"command":"withdrawOutput","output":"DSI-1"}"#, navigationOnly, at: 10)
                == #"{"code":"unavailable","message":"withdrawOutput: no touch devices are served here","type":"error"}"#)
        #expect(navigationOnly.helloFields().isEmpty)
        #expect(withScreens.helloFields() == ["screens": .array([.object(["output": .string("DSI-1")])])])
    }

    /// A client that goes leaves every family: its back handler (navigation) and its reports (screens).
    @Test func aClientGoneLeavesEveryFamily() throws {
        let navigation = NavigationCommandHandler(session: try NavigationSession(stack: "home"))
        let screens = FakeScreens()
        let router = ControlRouter(navigation: navigation, screens: ScreenCommandHandler(target: screens))
        _ = send(#"{"command":"registerBackHandler","priority":"overlay"}"#, router, at: 10)
        #expect(navigation.session.dispatcher.registry.handlers.count == 1)
        router.clientDisconnected(client, now: 20)
        #expect(navigation.session.dispatcher.registry.handlers.isEmpty)
        #expect(screens.calls == ["forget 7"])
    }

    /// Every command has one family; subscribe and unsubscribe are the transport's.
    @Test func everyCommandHasOneFamily() {
        #expect(ControlCommand.subscribe([.gesture]).family == .subscription)
        #expect(ControlCommand.unsubscribe([.gesture]).family == .subscription)
        #expect(ControlCommand.pop.family == .navigation(.pop))
        #expect(ControlCommand.setInteractivePopEnabled(screen: "a", enabled: false).family
                == .navigation(.setInteractivePopEnabled(screen: "a", enabled: false)))
        #expect(ControlCommand.withdrawOutput("DSI-1").family == .screens(.withdrawOutput("DSI-1")))
    }

    /// The HTTP bridge shares the router but keeps output reports off it: the output's transform turns every touch
    /// the service reads, so only the session's programs report it, on the socket (docs/kiosk.md).
    @Test func theHTTPBridgeRefusesOutputReports() throws {
        let h = try HTTPHarness(navigationStack: "home")
        defer { h.stop() }
        for (command, body) in [("reportOutput", #"{"command":"reportOutput","output":"DSI-1","transform":90,"flipped":false}"#),
                                ("withdrawOutput", #"{"command":"withdrawOutput","output":"DSI-1"}"#)] {
            let c = try HTTPTestClient(port: h.port)
            try c.send(HTTPTestClient.request("POST", "/commands", headers: ["Authorization": "Bearer \(httpTestToken)"], body: body))
            let r = try c.response()
            #expect(r.status == 400)
            #expect(r.bodyText == #"{"code":"badArguments","message":"\#(command): only on the control socket (edgeswipe feedback, "#
                    + #"edgeswipe report-output), not over HTTP","type":"error"}"# + "\n")
        }
    }

    /// Issue 35: a focus report routes every handed-off back and its pid is checked against the reporter's uid: a
    /// page has no uid, so the bridge refuses it before any handler sees it.
    @Test func theHTTPBridgeRefusesFocusReports() throws {
        let h = try HTTPHarness(navigationStack: "home")
        defer { h.stop() }
        let body = #"{"command":"reportFocus","source":"sway","focused":true,"appId":"firefox","title":"x","pid":42,"toolkit":"firefox"}"#
        let c = try HTTPTestClient(port: h.port)
        try c.send(HTTPTestClient.request("POST", "/commands", headers: ["Authorization": "Bearer \(httpTestToken)"], body: body))
        let r = try c.response()
        #expect(r.status == 400)
        #expect(r.bodyText == #"{"code":"badArguments","message":"reportFocus: only on the control socket (edgeswipe feedback), "#
                + #"not over HTTP","type":"error"}"# + "\n")
    }
}
