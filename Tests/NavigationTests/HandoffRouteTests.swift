import Gestures
import Navigation
import Testing
import TouchModel

/// Issue 35: a hand-off's `backDispatched` names the route its back takes; the router (the service's) is asked
/// once per hand-off with the gesture, its edge and its id, never for a gesture the stack or a handler takes; with
/// no router (replay) the route is the default's.
@Suite struct HandoffRouteTests {
    private func request(_ t: Microseconds, edge: Edge, recognizer: RecognizerID = "back") -> BeginRequest {
        BeginRequest(recognizer: recognizer, edge: edge, fingers: 1, time: t, startMM: Point(x: 1, y: 50),
                     screenMM: PhysicalSize(widthMM: 100, heightMM: 160))
    }

    private func decisions(_ s: NavigationSession) -> [BackDecision] {
        s.takeEvents().compactMap { if case .backDispatched(let d) = $0.kind { return d } else { return nil } }
    }

    @Test func withoutARouterAHandoffTakesTheDefaultRoute() throws {
        let s = try NavigationSession(stack: "home", popRecognizer: "back", now: 0)
        _ = s.takeEvents()
        #expect(s.shouldBegin(request(1000, edge: .left)) == .allow)
        let d = try #require(decisions(s).first)
        #expect(d.target == .handoff && d.route == "default, no focus report")
    }

    @Test func theRouterNamesTheRouteOfEachHandoffOnly() throws {
        let s = try NavigationSession(stack: "home,inbox", popRecognizer: "back", now: 0)
        _ = s.takeEvents()
        var asked: [String] = []
        s.dispatcher.handoffRoute = { key, edge, id in
            asked.append("\(key.recognizer) \(edge.rawValue) #\(id)")
            return "toolkit libadwaita"
        }
        // The stack can pop: navigation takes it, no route asked.
        #expect(s.shouldBegin(request(1000, edge: .left)) == .allow)
        let first = try #require(decisions(s).first)
        #expect(first.target == .navigation && first.route == nil)
        #expect(asked.isEmpty)
        // Another recognizer's edge is not the stack's: a hand-off, routed.
        _ = s.shouldBegin(request(2000, edge: .right, recognizer: "forward"))
        let second = try #require(decisions(s).first)
        #expect(second.target == .handoff && second.route == "toolkit libadwaita")
        #expect(asked == ["forward right #2"])
    }
}
