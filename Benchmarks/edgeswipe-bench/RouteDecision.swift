import EdgeSwipeControl
import EdgeSwipeDaemon
import Gestures

/// Issue 35: ns per hand-off route decision (BackRouter.decide, once per handed-off back, not per frame), best
/// of `runs` runs of `n`: the toolkit's back behind nine routes that do not match (fnmatch each), and the same
/// with a title regex on every route, as the service decides (FocusRouting's TitleRegexes: compiled at the first
/// decision and kept, regexec each), and compiled at every decision (regcomp + regexec + regfree each, as before).
func routeDecisionNs(n: Int, runs: Int) -> (globs: Double, regexes: Double, regexesUncached: Double) {
    let focus = RoutingFocus(app: FocusedApp(appID: "org.gnome.Nautilus", title: "Home — Files", pid: 4321, toolkit: .libadwaita),
                             toolkit: .libadwaita)
    let globs = (0..<9).map { BackRoute(appID: "org.example.app\($0).*", action: .none) }
    let regexes = (0..<9).map { BackRoute(appID: "org.gnome.*", title: "^(Inbox|Drafts|Sent\($0)) — ", action: .none) }
    func time(_ routes: [BackRoute], titles: TitleRegexes? = nil) -> Double {
        var best = Double.infinity
        var sink = 0
        for _ in 0..<runs {
            let t0 = nowNs()
            for _ in 0..<n { sink &+= BackRouter.decide(focus: focus, routes: routes, toolkitRouting: true, edge: .left,
                                                                titles: titles).reason.utf8.count }
            best = min(best, Double(nowNs() - t0) / Double(n))
        }
        precondition(sink > 0)
        return best
    }
    let kept = TitleRegexes()
    return (time(globs), time(regexes, titles: kept), time(regexes))
}
