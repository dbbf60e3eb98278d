@testable import EdgeSwipeDaemon
import EdgeSwipeControl
import Gestures
import Testing

/// Issue 35 items 2 and 3: which route a handed-off back takes. Configured routes first (fnmatch globs on the
/// app_id, POSIX regexes searched in the title, edges; the first match wins), then the toolkit's back, then the
/// shipped app_id rules, then the default. Expected routes worked out from docs/daemon.md's order by hand.
@Suite struct BackRouterTests {
    static let altLeft = RouteAction.keys([RouteKey(code: 56, name: "KEY_LEFTALT"), RouteKey(code: 105, name: "KEY_LEFT")])
    static let back = RouteAction.key(RouteKey(code: 158, name: "KEY_BACK"))
    static let side = RouteAction.button(RouteKey(code: 0x113, name: "BTN_SIDE"))

    func focus(_ appID: String, title: String = "", toolkit: AppToolkit? = nil) -> RoutingFocus {
        RoutingFocus(app: FocusedApp(appID: appID, title: title, toolkit: toolkit), toolkit: toolkit)
    }

    func decide(_ f: RoutingFocus?, _ routes: [BackRoute] = [], toolkitRouting: Bool = true, edge: Edge? = .left) -> RouteDecision {
        BackRouter.decide(focus: f, routes: routes, toolkitRouting: toolkitRouting, edge: edge)
    }

    @Test func theAltLeftConstantIsAltThenLeft() {
        // linux/input-event-codes.h: KEY_LEFTALT 56, KEY_LEFT 105, KEY_BACK 158, BTN_SIDE 0x113.
        #expect(RouteAction.altLeft == Self.altLeft)
        #expect(RouteKey(named: "KEY_BACK") == RouteKey(code: 158, name: "KEY_BACK"))
        #expect(RouteKey(named: "BTN_SIDE") == RouteKey(code: 0x113, name: "BTN_SIDE"))
        #expect(RouteKey(named: "KEY_NOT_A_KEY") == nil)
    }

    @Test func withoutAFocusTheDefault() {
        #expect(decide(nil) == RouteDecision(reason: "default, no focus report", action: nil))
        #expect(decide(RoutingFocus(app: nil, toolkit: nil)) == RouteDecision(reason: "default, nothing focused", action: nil))
        // A route matching every app does not take a back when nothing is focused.
        #expect(decide(RoutingFocus(app: nil, toolkit: nil), [BackRoute(action: Self.back)]).action == nil)
    }

    @Test func globsMatchTheWholeAppID() {
        let routes = [BackRoute(appID: "org.gnome.*", action: .none), BackRoute(appID: "foot", action: Self.back)]
        #expect(decide(focus("org.gnome.Nautilus"), routes) == RouteDecision(reason: "app org.gnome.Nautilus, routes[0]", action: RouteAction.none))
        #expect(decide(focus("foot"), routes) == RouteDecision(reason: "app foot, routes[1]", action: Self.back))
        // fnmatch anchors both ends: "foot" is not "footclient", "org.gnome.*" is not "xorg.gnome.x".
        #expect(decide(focus("footclient"), routes, toolkitRouting: false).reason == "default, toolkit routing off")
        #expect(decide(focus("xorg.gnome.x"), routes, toolkitRouting: false).action == nil)
        // Brackets and ?: fnmatch's classes, case-sensitive.
        let classes = [BackRoute(appID: "[Ff]irefox?", action: Self.side)]
        #expect(decide(focus("Firefox1"), classes).action == Self.side)
        #expect(decide(focus("firefoxes"), classes, toolkitRouting: false).action == nil)
        #expect(decide(focus("FIREFOX1"), classes, toolkitRouting: false).action == nil)
    }

    @Test func titleRegexesAreSearchedNotAnchored() {
        let routes = [BackRoute(title: "(Inbox|Drafts) — ", action: Self.back)]
        #expect(decide(focus("thunderbird", title: "Inbox — Mail"), routes).action == Self.back)
        #expect(decide(focus("thunderbird", title: "Re: Drafts —  x"), routes).action == Self.back)
        #expect(decide(focus("thunderbird", title: "Sent — Mail"), routes, toolkitRouting: false).action == nil)
        // An anchored one is anchored.
        let anchored = [BackRoute(title: "^Edit", action: .none)]
        #expect(decide(focus("a", title: "Editor"), anchored).action == RouteAction.none)
        #expect(decide(focus("a", title: "An Editor"), anchored, toolkitRouting: false).action == nil)
    }

    @Test func bothPatternsMustMatch() {
        let routes = [BackRoute(appID: "org.mozilla.*", title: "Private", action: .none)]
        #expect(decide(focus("org.mozilla.firefox", title: "Private Browsing"), routes).action == RouteAction.none)
        // The app_id matches, the title not: the route does not take it; the shipped rule for org.mozilla.* does.
        #expect(decide(focus("org.mozilla.firefox", title: "News"), routes)
                == RouteDecision(reason: "app org.mozilla.firefox, shipped rule org.mozilla.*", action: Self.altLeft))
    }

    @Test func edgesRestrictARoute() {
        let routes = [BackRoute(appID: "mpv", edges: [.right], action: Self.side), BackRoute(appID: "mpv", action: Self.back)]
        #expect(decide(focus("mpv"), routes, edge: .right).reason == "app mpv, routes[0]")
        #expect(decide(focus("mpv"), routes, edge: .left).reason == "app mpv, routes[1]")
        // No edge (the focus reply's "now"): an edge-naming route is passed over.
        #expect(decide(focus("mpv"), routes, edge: nil).reason == "app mpv, routes[1]")
    }

    @Test func theFirstMatchWins() {
        let routes = [BackRoute(appID: "*", title: "Settings", action: .none), BackRoute(appID: "org.kde.*", action: Self.back),
                      BackRoute(appID: "org.kde.dolphin", action: Self.side)]
        #expect(decide(focus("org.kde.dolphin", title: "Home"), routes).reason == "app org.kde.dolphin, routes[1]")
        #expect(decide(focus("org.kde.dolphin", title: "Settings"), routes).reason == "app org.kde.dolphin, routes[0]")
        // A route with no match at all takes every focused app.
        #expect(decide(focus("anything"), [BackRoute(action: Self.side)]).reason == "app anything, routes[0]")
    }

    /// The table of docs/daemon.md: Alt+Left for every known toolkit, the default for unknown.
    @Test(arguments: AppToolkit.allCases)
    func theToolkitTable(toolkit: AppToolkit) {
        let d = decide(focus("x.y", toolkit: toolkit))
        if toolkit == .unknown {
            #expect(d == RouteDecision(reason: "default, toolkit unknown", action: nil))
        } else {
            #expect(d == RouteDecision(reason: "toolkit \(toolkit.rawValue)", action: Self.altLeft))
        }
    }

    @Test func aRouteComesBeforeTheToolkitAndRoutingOffLeavesOnlyRoutes() {
        let routes = [BackRoute(appID: "org.gnome.Console", action: .none)]
        #expect(decide(focus("org.gnome.Console", toolkit: .libadwaita), routes).reason == "app org.gnome.Console, routes[0]")
        #expect(decide(focus("org.gnome.Nautilus", toolkit: .libadwaita), routes).reason == "toolkit libadwaita")
        #expect(decide(focus("org.gnome.Nautilus", toolkit: .libadwaita), routes, toolkitRouting: false)
                == RouteDecision(reason: "default, toolkit routing off", action: nil))
    }

    /// foreign-toplevel gives no pid, so no toolkit: the shipped app_id rules, then the default.
    @Test func withoutAToolkitTheShippedAppRules() {
        for (appID, rule) in [("firefox", "firefox*"), ("firefox-esr", "firefox*"), ("org.mozilla.firefox", "org.mozilla.*"),
                              ("chromium", "chromium*"), ("chromium-browser", "chromium*"), ("google-chrome", "google-chrome*"),
                              ("org.kde.dolphin", "org.kde.*"), ("org.gnome.Nautilus", "org.gnome.*")] {
            #expect(decide(focus(appID)) == RouteDecision(reason: "app \(appID), shipped rule \(rule)", action: Self.altLeft), "\(appID)")
        }
        #expect(decide(focus("foot")) == RouteDecision(reason: "default, no toolkit or shipped rule for foot", action: nil))
        #expect(decide(focus("")) == RouteDecision(reason: "default, no toolkit or shipped rule for (no app_id)", action: nil))
        #expect(decide(focus("org.kde.dolphin"), toolkitRouting: false).action == nil)
    }

    @Test func aToolkitSetAsideIsSaid() {
        let f = RoutingFocus(app: FocusedApp(appID: "org.kde.dolphin", title: "", pid: 7, toolkit: .kirigami), toolkit: nil,
                             toolkitNote: "pid 7 ended or was reused since the report")
        #expect(decide(f) == RouteDecision(reason: "app org.kde.dolphin, shipped rule org.kde.* (pid 7 ended or was reused since the report)",
                                           action: Self.altLeft))
    }

    @Test func actionsAreSaidInWords() {
        #expect(Self.altLeft.description == "keys KEY_LEFTALT KEY_LEFT")
        #expect(Self.back.description == "key KEY_BACK")
        #expect(Self.side.description == "button BTN_SIDE")
        #expect(RouteAction.none.description == "none")
        #expect(RouteAction.run([.literal("/usr/bin/wtype"), .literal("-k")]).description == "run /usr/bin/wtype")
        #expect(RouteDecision(reason: "toolkit qt6", action: Self.altLeft).description == "route: toolkit qt6")
    }

    @Test func regexesAreCheckedByRegcomp() {
        #expect(RoutePattern.regexProblem("^(Inbox|Drafts)$") == nil)
        #expect(RoutePattern.regexProblem("(unclosed") != nil)
        #expect(RoutePattern.regexProblem("a{2,1}") != nil)
        #expect(RoutePattern.glob("org.*.x", matches: "org.a.b.x"))
    }

    /// The service keeps each title regex compiled: nine title routes, a hundred hand-offs, nine regcomp calls (one
    /// per distinct pattern), and the decisions are those of patterns compiled afresh.
    @Test func titleRegexesAreCompiledOncePerPattern() {
        let routes = (0..<9).map { BackRoute(appID: "org.gnome.*", title: "^(Inbox|Sent\($0)) — ", action: .none) }
        let kept = TitleRegexes()
        for n in 0..<100 {
            let title = n % 2 == 0 ? "Sent3 — Mail" : "Home — Files"
            let withKept = BackRouter.decide(focus: focus("org.gnome.Evolution", title: title), routes: routes,
                                             toolkitRouting: false, edge: .left, titles: kept)
            let fresh = BackRouter.decide(focus: focus("org.gnome.Evolution", title: title), routes: routes,
                                          toolkitRouting: false, edge: .left)
            #expect(withKept == fresh)
            // "Sent3" is routes[3]'s; "Inbox" would be every route's, so the first match is 3 for the even titles.
            #expect(withKept.reason == (n % 2 == 0 ? "app org.gnome.Evolution, routes[3]" : "default, toolkit routing off"))
        }
        #expect(kept.compilations == 9)
        #expect(kept.count == 9)
    }

    /// Past `TitleRegexes.limit` distinct patterns (reloads bringing new ones) the kept set starts over: bounded.
    @Test func keptTitleRegexesAreBounded() {
        let kept = TitleRegexes()
        for i in 0..<(TitleRegexes.limit + 10) { _ = kept.matches("^p\(i)$", "p\(i)") }
        #expect(kept.count == 10)
        #expect(kept.compilations == TitleRegexes.limit + 10)
        #expect(kept.matches("^p3$", "p3") && !kept.matches("(unclosed", "(unclosed"))
    }
}
