@testable import EdgeSwipeDaemon
import EdgeSwipeControl
import Gestures
import Navigation
import Testing
import TouchModel

/// Issue 35: the service's half of the focus. Reports go through the router's focus family (never navigation's),
/// each connection keeps its last report and takes it when it closes, the rate is bounded (10 000 reports in a
/// second leave the service answering, 100 a second kept), the pid is checked against the reporter's uid where the
/// service can see it, and the hand-off's route is published on backDispatched as EventJSON writes it.
@Suite struct FocusRoutingTests {
    static let user = PeerCredentials(pid: 900, uid: 1000, gid: 1000)
    static let a = ControlClientID(rawValue: 1), b = ControlClientID(rawValue: 2)

    /// A router over a FocusRouting whose peers are socket clients of uid 1000 and whose /proc is `processes`.
    final class Rig {
        let focus = FocusRouting(log: .silent)
        let router: ControlRouter
        var processes: [Int32: ProcessLookup] = [:]
        /// The shipped settings' hand-off: KEY_BACK on a completed left swipe.
        var settings = DeviceSettings(actions: [RouteActionTests.keyBack])

        init(navigation: NavigationCommandHandler? = nil) {
            router = ControlRouter(navigation: navigation, focus: FocusCommandHandler(target: focus))
            focus.peer = { id in id.rawValue < 100 ? FocusRoutingTests.user : nil }
            focus.lookUp = { [unowned self] pid in self.processes[pid] ?? .hidden }
            focus.settings = { [unowned self] _ in self.settings }
        }

        /// The answer line, without its newline.
        func send(_ text: String, from client: ControlClientID = FocusRoutingTests.a, at now: Microseconds = 1_000_000) -> String {
            var subscriptions = Set<EventClass>()
            let r = ControlProtocol.respond(to: Array(text.utf8), subscriptions: &subscriptions, handler: router, client: client, now: now)
            return String(decoding: r.line.dropLast(), as: UTF8.self)
        }
    }

    static func report(_ appID: String, pid: Int? = nil, toolkit: String? = nil, source: String = "sway") -> String {
        var s = #"{"command":"reportFocus","protocol":5,"source":"\#(source)","focused":true,"appId":"\#(appID)","title":"t""#
        if let pid { s += #","pid":\#(pid)"# }
        if let toolkit { s += #","toolkit":"\#(toolkit)""# }
        return s + "}"
    }

    @Test func aReportIsAnsweredWithTheRouteItWouldTakeNow() {
        let rig = Rig()
        #expect(rig.focus.route(for: nil, edge: .left) == .noFocusReport)
        #expect(rig.send(Self.report("org.gnome.Nautilus", pid: 4321, toolkit: "libadwaita"))
                == #"{"command":"reportFocus","result":{"action":"keys KEY_LEFTALT KEY_LEFT","pid":"unverified","route":"toolkit libadwaita"},"type":"reply"}"#)
        #expect(rig.send(#"{"command":"reportFocus","source":"foreign-toplevel","focused":false}"#)
                == #"{"command":"reportFocus","result":{"action":"the configured actions: key KEY_BACK","pid":"none","route":"default, nothing focused"},"type":"reply"}"#)
        #expect(rig.send(Self.report("foot", source: "foreign-toplevel"))
                == #"{"command":"reportFocus","result":{"action":"the configured actions: key KEY_BACK","pid":"none","route":"default, no toolkit or shipped rule for foot"},"type":"reply"}"#)
    }

    /// The hello says the route a back would take now (doctor shows it).
    @Test func theHelloNamesTheBackRouteNow() {
        let rig = Rig()
        #expect(rig.router.helloFields()["backRoute"]
                == .object(["route": .string("default, no focus report"), "action": .string("the configured actions: key KEY_BACK")]))
        _ = rig.send(Self.report("org.kde.dolphin", toolkit: "kirigami"))
        #expect(rig.router.helloFields()["backRoute"]
                == .object(["route": .string("toolkit kirigami"), "action": .string("keys KEY_LEFTALT KEY_LEFT")]))
        #expect(ControlRouter(navigation: nil).helloFields()["backRoute"] == nil)
    }

    /// Toolkit routing replaces a configured key only: an edge whose completion runs a command, or runs nothing,
    /// keeps it; the user's own routes apply there too.
    @Test func toolkitRoutingReplacesOnlyAKey() {
        let rig = Rig()
        let hook = ActionRule(trigger: .complete, edge: .right, action: .run([.literal("/usr/local/bin/kiosk-hook")]))
        rig.settings.actions = [RouteActionTests.keyBack, hook]
        _ = rig.send(Self.report("org.kde.dolphin", toolkit: "kirigami"))
        #expect(rig.focus.route(for: nil, edge: .left).reason == "toolkit kirigami")
        let kept = "default, the configured actions here press no key (toolkit routing replaces only a key)"
        #expect(rig.focus.route(for: nil, edge: .right).reason == kept)
        #expect(rig.focus.route(for: nil, edge: .top).reason == kept, "no rule for the top edge: nothing, as configured")
        rig.settings.routes = [BackRoute(appID: "org.kde.*", edges: [.right], action: .altLeft)]
        #expect(rig.focus.route(for: nil, edge: .right).reason == "app org.kde.dolphin, routes[0]")
    }

    @Test func theFocusFamilyTouchesNoNavigation() throws {
        let navigation = NavigationCommandHandler(session: try NavigationSession(stack: "home"))
        var flushes = 0
        navigation.afterChange = { flushes += 1 }
        let rig = Rig(navigation: navigation)
        _ = navigation.session.takeEvents()
        _ = rig.send(Self.report("firefox"))
        #expect(flushes == 0 && navigation.session.takeEvents().isEmpty)
        #expect(ControlCommand.reportFocus(FocusReport(source: .sway, app: nil)).family == .focus(FocusReport(source: .sway, app: nil)))
    }

    @Test func withoutAHandlerOrFromAClientWithNoCredentialsItIsRefused() {
        let bare = ControlRouter(navigation: nil)
        var subscriptions = Set<EventClass>()
        let r = ControlProtocol.respond(to: Array(Self.report("x").utf8), subscriptions: &subscriptions, handler: bare,
                                        client: Self.a, now: 0)
        #expect(String(decoding: r.line.dropLast(), as: UTF8.self)
                == #"{"code":"unavailable","message":"reportFocus: back routing is not served here","type":"error"}"#)
        // An id that is no socket client's (an HTTP stream's) has no credentials.
        #expect(Rig().send(Self.report("x"), from: ControlClientID(rawValue: 500))
                == #"{"code":"badArguments","message":"reportFocus: only on the control socket (edgeswipe feedback), not over HTTP","type":"error"}"#)
    }

    @Test func eachConnectionKeepsItsLastReportAndTakesItWhenItCloses() {
        let rig = Rig()
        _ = rig.send(Self.report("org.kde.dolphin", toolkit: "kirigami"), from: Self.a, at: 1_000_000)
        _ = rig.send(Self.report("firefox", toolkit: "firefox"), from: Self.b, at: 1_100_000)
        #expect(rig.focus.route(for: nil, edge: .left).reason == "toolkit firefox")
        _ = rig.send(Self.report("org.gnome.Nautilus", toolkit: "libadwaita"), from: Self.a, at: 1_200_000)
        #expect(rig.focus.route(for: nil, edge: .left).reason == "toolkit libadwaita")
        // a closes: b's report is the one left.
        rig.router.clientDisconnected(Self.a, now: 1_300_000)
        #expect(rig.focus.route(for: nil, edge: .left).reason == "toolkit firefox")
        rig.router.clientDisconnected(Self.b, now: 1_400_000)
        #expect(rig.focus.route(for: nil, edge: .left) == .noFocusReport)
        #expect(rig.focus.tracker.reporters == 0)
    }

    @Test func overAHundredASecondAReportIsDroppedAndSaid() {
        let rig = Rig()
        var answers: [String] = []
        for i in 0..<101 { answers.append(rig.send(Self.report("app\(i)"), at: 5_000_000)) }
        #expect(answers.prefix(100).allSatisfy { $0.contains(#""type":"reply""#) })
        #expect(answers[100] == #"{"code":"refused","message":"reportFocus: over 100 reports a second from this connection; "#
                + #"this one is dropped (1 dropped since start)","type":"error"}"#)
        // The dropped report is not in force: the 100th is.
        #expect(rig.focus.route(for: nil, edge: .left).reason == "default, no toolkit or shipped rule for app99")
        // 10 ms later one more is allowed (100 a second), another connection meanwhile has its own.
        #expect(rig.send(Self.report("late"), at: 5_010_000).contains(#""type":"reply""#))
        #expect(rig.send(Self.report("later"), at: 5_010_000).contains(#""code":"refused""#))
        #expect(rig.send(Self.report("other"), from: Self.b, at: 5_010_000).contains(#""type":"reply""#))
    }

    /// 10 000 reports in one second from one connection (one every 99 µs, the last at 989.901 ms): every one
    /// answered, 198 kept (the bucket's 100, then one per 10 ms: 98 whole tokens in 989.901 ms), the rest dropped
    /// and counted, and the service still routes.
    @Test func tenThousandReportsASecondLeaveItServing() {
        let rig = Rig()
        var replies = 0, refused = 0
        for i in 0..<10_000 {
            let line = rig.send(Self.report("burst"), at: Microseconds(10_000_000 + UInt64(i) * 99))
            if line.contains(#""type":"reply""#) { replies += 1 } else if line.contains(#""code":"refused""#) { refused += 1 }
        }
        #expect(replies + refused == 10_000)
        #expect(replies == 198, "\(replies)")
        #expect(rig.focus.reportsDropped == refused)
        #expect(rig.focus.route(for: nil, edge: .left).reason == "default, no toolkit or shipped rule for burst")
        #expect(rig.send(Self.report("org.kde.dolphin"), from: Self.b, at: 11_000_000).contains(#""route":"app org.kde.dolphin, shipped rule org.kde.*""#))
    }

    @Test func aPidIsCheckedAgainstTheReportersUid() {
        let rig = Rig()
        rig.processes[4321] = .visible(uid: 1000, startTime: 777)
        rig.processes[1] = .visible(uid: 0, startTime: 1)
        // Another user's process: refused, not kept.
        #expect(rig.send(Self.report("org.kde.dolphin", pid: 1, toolkit: "kirigami"))
                == #"{"code":"refused","message":"reportFocus: pid 1 is uid 0's, not the reporter's (uid 1000); the report is not kept","type":"error"}"#)
        #expect(rig.focus.route(for: nil, edge: .left) == .noFocusReport)
        // The reporter's own: verified.
        #expect(rig.send(Self.report("org.kde.dolphin", pid: 4321, toolkit: "kirigami")).contains(#""pid":"verified","route":"toolkit kirigami""#))
        // Hidden (ProtectProc, or no such process): unverified, its toolkit used as sent.
        #expect(rig.send(Self.report("org.kde.dolphin", pid: 999_999, toolkit: "qt6")).contains(#""pid":"unverified","route":"toolkit qt6""#))
    }

    /// A pid verified at its report that ends, or is reused by another process (another start time), before the
    /// hand-off lends no toolkit: the app_id rules decide.
    @Test func aPidThatChangesBetweenReportAndRouteLendsNoToolkit() {
        let rig = Rig()
        rig.processes[4321] = .visible(uid: 1000, startTime: 777)
        _ = rig.send(Self.report("org.kde.dolphin", pid: 4321, toolkit: "kirigami"))
        #expect(rig.focus.route(for: nil, edge: .left).reason == "toolkit kirigami")
        rig.processes[4321] = .visible(uid: 1000, startTime: 778)
        #expect(rig.focus.route(for: nil, edge: .left).reason
                == "app org.kde.dolphin, shipped rule org.kde.* (pid 4321 ended or was reused since the report)")
        rig.processes[4321] = nil
        #expect(rig.focus.route(for: nil, edge: .left).reason
                == "app org.kde.dolphin, shipped rule org.kde.* (pid 4321 ended or was reused since the report)")
    }

    @Test func badFieldsAreAnsweredByTheDecoderAndChangeNothing() {
        let rig = Rig()
        _ = rig.send(Self.report("firefox"))
        for bad in [#"{"command":"reportFocus","focused":true,"appId":"a","title":"t"}"#,
                    #"{"command":"reportFocus","source":"sway","focused":true,"appId":"\#(String(repeating: "x", count: 65_000))","title":"t"}"#,
                    #"{"command":"reportFocus","source":"sway","focused":true,"appId":"a\u0000","title":"t"}"#,
                    #"{"command":"reportFocus","source":"sway","focused":true,"appId":"a","title":"t","pid":0}"#,
                    #"{"command":"reportFocus","source":"sway","focused":true,"appId":"a","title":"t","toolkit":"motif"}"#] {
            #expect(rig.send(bad).contains(#""type":"error""#), "\(bad.prefix(80))")
        }
        #expect(rig.focus.route(for: nil, edge: .left).reason == "app firefox, shipped rule firefox*")
    }

    /// The line the service publishes for a hand-off (EventJSON of backDispatched) names its route, as debug-events
    /// and the observer stream show it.
    @Test func theHandoffsPublishedLineNamesItsRoute() throws {
        let rig = Rig()
        let navigation = try NavigationSession(stack: "home", popRecognizer: "back", now: 0)
        navigation.dispatcher.handoffRoute = { _, edge, id in rig.focus.handoffDecided(gesture: id, source: nil, edge: edge) }
        _ = navigation.takeEvents()
        _ = rig.send(Self.report("org.gnome.Nautilus", pid: 4321, toolkit: "libadwaita"))
        _ = navigation.shouldBegin(BeginRequest(recognizer: "back", edge: .left, fingers: 1, time: 2_000_000, startMM: Point(x: 1, y: 50),
                                                screenMM: PhysicalSize(widthMM: 100, heightMM: 160)))
        let event = try #require(navigation.takeEvents().first { if case .backDispatched = $0.kind { return true } else { return false } })
        #expect(EventJSON.navigation(event)
                == #"{"type":"navigation","event":"backDispatched","time":2,"gestureId":1,"recognizer":"back","edge":"left","#
                + #""target":"handoff","reason":"noHandler","stack":"root","observers":0,"route":"toolkit libadwaita"}"#)
        #expect(rig.focus.decision(forGesture: 1) == RouteDecision(reason: "toolkit libadwaita", action: .altLeft))
        rig.focus.gestureEnded(1)
        #expect(rig.focus.decision(forGesture: 1) == .noFocusReport)
    }

    /// The service's router keeps its title regexes compiled: one regcomp for a title route however many hand-offs.
    @Test func handOffsCompileATitleRouteOnce() {
        let rig = Rig()
        rig.settings.routes = [BackRoute(appID: "org.gnome.*", title: "^t$", action: .none)]
        _ = rig.send(Self.report("org.gnome.Nautilus"))
        for id in 1...5 {
            #expect(rig.focus.handoffDecided(gesture: UInt64(id), source: nil, edge: .left) == "app org.gnome.Nautilus, routes[0]")
        }
        // The report's reply decided once too: six decisions, one compilation.
        #expect(rig.focus.titleRegexes.compilations == 1)
    }
}
