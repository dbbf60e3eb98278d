import EdgeSwipeControl
import Gestures
import Navigation

/// Where a handed-off back goes, and why: the words logged, published on `backDispatched` (`route`) and given in
/// the focus reply. `action` nil: the configured default (the settings' `actions`, KEY_BACK as shipped).
package struct RouteDecision: Hashable, Sendable, CustomStringConvertible {
    package var reason: String
    package var action: RouteAction?

    package init(reason: String, action: RouteAction?) {
        self.reason = reason
        self.action = action
    }

    /// Replay and every hand-off before a session reported: the default.
    package static let noFocusReport = RouteDecision(reason: BackDecision.defaultRoute, action: nil)

    package var description: String { "route: \(reason)" }
}

/// What the router knows of the focus when a back is handed off.
package struct RoutingFocus: Hashable, Sendable {
    /// Nil: nothing is focused.
    package var app: FocusedApp?
    /// The toolkit to use, nil when none is known or the pid it came with changed since (the caller decides).
    package var toolkit: AppToolkit?
    /// Said after the reason when the reported toolkit was set aside (`pid 1234 ended since the report`).
    package var toolkitNote: String?

    package init(app: FocusedApp?, toolkit: AppToolkit?, toolkitNote: String? = nil) {
        self.app = app
        self.toolkit = toolkit
        self.toolkitNote = toolkitNote
    }
}

/// The one place a handed-off back's route is chosen (docs/daemon.md, "Back routing"), in this order: no focus
/// report or nothing focused: the default; the configured routes, first match wins; with `toolkit_routing` on, the
/// toolkit's back (ToolkitBack); with no toolkit known, the shipped app_id rules; else the default. Pure (fnmatch
/// and regexec are computations, no I/O).
package enum BackRouter {
    /// `edge` nil: a back from no edge in particular (the focus reply's and doctor's "would get now"): routes
    /// naming edges are passed over.
    /// `defaultIsKey`: the configured default of this back presses a key (KEY_BACK as shipped). The toolkit's
    /// back and the shipped rules replace only that: a `run` rule, or no rule at all (an edge configured to do
    /// nothing), stays as configured; the user's own routes apply whatever the default.
    /// `titles`: the compiled title regexes to use and keep (the service's, kept across decisions); nil: each
    /// compiled for this decision only.
    package static func decide(focus: RoutingFocus?, routes: [BackRoute], toolkitRouting: Bool, edge: Edge?,
                               defaultIsKey: Bool = true, titles: TitleRegexes? = nil) -> RouteDecision {
        guard let focus else { return .noFocusReport }
        guard let app = focus.app else { return RouteDecision(reason: "default, nothing focused", action: nil) }
        let name = app.appID.isEmpty ? "(no app_id)" : app.appID
        if let (index, route) = firstMatch(routes, app: app, edge: edge, titles: titles ?? TitleRegexes()) {
            return RouteDecision(reason: "app \(name), routes[\(index)]", action: route.action)
        }
        guard toolkitRouting else { return RouteDecision(reason: "default, toolkit routing off", action: nil) }
        guard defaultIsKey else {
            return RouteDecision(reason: "default, the configured actions here press no key (toolkit routing replaces only a key)", action: nil)
        }
        let note = focus.toolkitNote.map { " (\($0))" } ?? ""
        if let toolkit = focus.toolkit {
            guard let action = ToolkitBack.action(for: toolkit) else {
                return RouteDecision(reason: "default, toolkit unknown" + note, action: nil)
            }
            return RouteDecision(reason: "toolkit \(toolkit.rawValue)" + note, action: action)
        }
        if let rule = ToolkitBack.appRules.first(where: { RoutePattern.glob($0, matches: app.appID) }) {
            return RouteDecision(reason: "app \(name), shipped rule \(rule)" + note, action: .altLeft)
        }
        return RouteDecision(reason: "default, no toolkit or shipped rule for \(name)" + note, action: nil)
    }

    /// The first route whose edges, app_id glob and title regex all take this back.
    static func firstMatch(_ routes: [BackRoute], app: FocusedApp, edge: Edge?, titles: TitleRegexes) -> (Int, BackRoute)? {
        for (i, route) in routes.enumerated() {
            if let edges = route.edges, !(edge.map(edges.contains) ?? false) { continue }
            if let glob = route.appID, !RoutePattern.glob(glob, matches: app.appID) { continue }
            if let pattern = route.title, !titles.matches(pattern, app.title) { continue }
            return (i, route)
        }
        return nil
    }
}
