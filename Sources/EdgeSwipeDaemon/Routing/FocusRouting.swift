import EdgeSwipeControl
import Gestures
import TouchModel

/// The service's back routing (issue 35): the focus reports of its clients (`reportFocus`), checked and kept, and
/// the route of each handed-off back, chosen when the hand-off is decided and kept for its gesture. Loop thread only.
///
/// Who may report: a control socket client (SO_PEERCRED read at accept; the socket's access policy already
/// applies); the HTTP bridge refuses the request before it comes here, and a client with no credentials is refused
/// here too. The pid: looked up in the service's /proc. Visible and another uid's than the reporter's (root's
/// reports excepted): refused. Not visible (ProtectProc=invisible, the packaged unit's, hides every process of
/// another user; or the process is gone): kept as unverified, its toolkit used as sent. Either way a report only
/// chooses among the configured routes and the toolkit table's keys: nothing is run that is not configured.
package final class FocusRouting: ServiceFocus {
    private(set) var tracker = FocusTracker()
    /// The reporter's credentials; nil: not a socket client.
    package var peer: (ControlClientID) -> PeerCredentials? = { _ in nil }
    /// The service's view of a pid (ProcessIdentity.lookUp; tests pass a table).
    package var lookUp: (Int32) -> ProcessLookup = { ProcessIdentity.lookUp($0) }
    /// The settings of a source's device (its entry over the defaults); nil: the defaults.
    package var settings: (SourceID?) -> DeviceSettings = { _ in DeviceSettings() }
    private let log: DaemonLog
    /// The routes of the hand-offs in flight, by gesture id: at most `maxKept` (a gesture whose end never came
    /// does not hold its route for ever).
    private var decisions: [(id: UInt64, decision: RouteDecision)] = []
    static let maxKept = 16
    /// The routes' title regexes, compiled once (not at every hand-off).
    package let titleRegexes = TitleRegexes()

    package init(log: DaemonLog) {
        self.log = log
    }

    // MARK: Reports

    package func focusReported(_ report: FocusReport, from client: ControlClientID, now: Microseconds) -> Result<JSONValue, ControlError> {
        guard let credentials = peer(client) else {
            return .failure(ControlError(.badArguments, "reportFocus: only on the control socket (edgeswipe feedback), not over HTTP"))
        }
        guard tracker.admit(client, at: now) else {
            return .failure(ControlError(.refused, "reportFocus: over \(FocusTracker.reportsPerSecond) reports a second from this "
                                         + "connection; this one is dropped (\(tracker.dropped) dropped since start)"))
        }
        var check = PidCheck.none
        if let pid = report.app?.pid {
            switch lookUp(pid) {
            case .visible(let uid, let start):
                if credentials.uid != 0 && uid != credentials.uid {
                    return .failure(ControlError(.refused, "reportFocus: pid \(pid) is uid \(uid)'s, not the reporter's "
                                                 + "(uid \(credentials.uid)); the report is not kept"))
                }
                check = .verified(startTime: start)
            case .hidden:
                check = .unverified
            }
        }
        tracker.record(report, pidCheck: check, from: client, at: now)
        let decision = route(for: nil, edge: nil)
        log.debug("focus: \(client) \(Self.describe(report)), pid \(check): \(decision)")
        return .success(.object(["route": .string(decision.reason), "action": .string(words(decision, settings: settings(nil))),
                                 "pid": .string(check.description)]))
    }

    package func focusForgotten(of client: ControlClientID) {
        tracker.forget(client)
    }

    package func backRoute() -> JSONValue {
        let decision = route(for: nil, edge: nil)
        return .object(["route": .string(decision.reason), "action": .string(words(decision, settings: settings(nil)))])
    }

    // MARK: Routes

    /// The route a back from `edge` of `source`'s device takes now. The pid is looked at again: a process gone or
    /// replaced (another start time) since its report no longer lends its toolkit.
    package func route(for source: SourceID?, edge: Edge?) -> RouteDecision {
        let settings = settings(source)
        return BackRouter.decide(focus: currentFocus(), routes: settings.routes ?? [],
                                 toolkitRouting: settings.toolkitRouting ?? DeviceSettings.toolkitRoutingDefault, edge: edge,
                                 defaultIsKey: Self.defaultIsKey(settings.actions ?? [], edge: edge), titles: titleRegexes)
    }

    /// Whether the rules a completed one-finger back from `edge` runs (any edge's, for nil) are all key presses,
    /// and there is one: what toolkit routing may replace.
    static func defaultIsKey(_ rules: [ActionRule], edge: Edge?) -> Bool {
        let completing = rules.filter { rule in
            rule.trigger == .complete && (rule.fingers ?? 1) == 1 && (edge == nil || rule.edge == nil || rule.edge == edge)
        }
        return !completing.isEmpty && completing.allSatisfy { if case .key = $0.action { return true } else { return false } }
    }

    /// A hand-off is decided: its route is chosen, kept for its gesture, logged; the words go on backDispatched.
    package func handoffDecided(gesture id: UInt64, source: SourceID?, edge: Edge) -> String {
        let decision = route(for: source, edge: edge)
        decisions.append((id, decision))
        if decisions.count > Self.maxKept { decisions.removeFirst(decisions.count - Self.maxKept) }
        log.info("hand-off #\(id) \(edge.rawValue): \(decision), \(words(decision, settings: settings(source)))")
        return decision.reason
    }

    /// The route chosen for a gesture's hand-off; the default's for one decided before routing (none kept).
    package func decision(forGesture id: UInt64?) -> RouteDecision {
        guard let id, let kept = decisions.last(where: { $0.id == id }) else { return .noFocusReport }
        return kept.decision
    }

    /// The gesture ended: its route goes.
    package func gestureEnded(_ id: UInt64?) {
        guard let id else { return }
        decisions.removeAll { $0.id == id }
    }

    /// The focus as the router sees it now, nil before any report.
    func currentFocus() -> RoutingFocus? {
        guard let entry = tracker.current else { return nil }
        guard let app = entry.report.app else { return RoutingFocus(app: nil, toolkit: nil) }
        switch entry.pidCheck {
        case .verified(let start):
            guard let pid = app.pid, case .visible(_, let now) = lookUp(pid), now == start else {
                return RoutingFocus(app: app, toolkit: nil, toolkitNote: "pid \(app.pid ?? 0) ended or was reused since the report")
            }
            return RoutingFocus(app: app, toolkit: app.toolkit)
        case .none, .unverified:
            return RoutingFocus(app: app, toolkit: app.toolkit)
        }
    }

    /// The action's words; for the default, the configured actions a completed back runs.
    func words(_ decision: RouteDecision, settings: DeviceSettings) -> String {
        if let action = decision.action { return action.description }
        let rules = (settings.actions ?? []).filter { $0.trigger == .complete && ($0.fingers ?? 1) == 1 }
        guard !rules.isEmpty else { return "the configured actions: none" }
        return "the configured actions: " + rules.map { rule in
            switch rule.action {
            case .key(_, let name): return "key \(name)"
            case .run(let argv):
                if case .literal(let program)? = argv.first { return "run \(program)" }
                return "run"
            }
        }.joined(separator: ", ")
    }

    package var reportsDropped: Int { tracker.dropped }
    package var reportsAccepted: Int { tracker.accepted }

    static func describe(_ report: FocusReport) -> String {
        guard let app = report.app else { return "\(report.source.rawValue): nothing focused" }
        var s = "\(report.source.rawValue): \(app.appID.isEmpty ? "(no app_id)" : app.appID)"
        if let pid = app.pid { s += " pid \(pid)" }
        if let toolkit = app.toolkit { s += " \(toolkit.rawValue)" }
        return s
    }
}
