@testable import EdgeSwipeDaemon
import Gestures
import Testing

/// Issue 35 item 2: `routes:` and `toolkit_routing` as check-config reads them: the shape that works, and every
/// wrong value named with its key and line (the lines counted by hand in the texts below).
@Suite struct RouteConfigTests {
    func issues(_ yaml: String) -> [ConfigIssue] {
        do {
            _ = try DaemonConfig.parse(text: yaml, source: "r.yaml")
            return []
        } catch {
            return error.issues
        }
    }

    @Test func theShapeThatWorks() throws {
        let yaml = """
            defaults:
              routes:
                - match: {app_id: "org.kde.*", title: "^(Settings|Einstellungen)"}
                  edges: [left, right]
                  action: {keys: [KEY_LEFTALT, KEY_LEFT]}
                - match: {app_id: foot}
                  action: none
                - action: {button: BTN_SIDE}
            devices:
              - match: {name: panel}
                toolkit_routing: false
                routes:
                  - action: {run: [/usr/bin/wtype, -k, "{edge}"]}
            """
        let c = try DaemonConfig.parse(text: yaml, source: "r.yaml")
        let routes = try #require(c.defaults.routes)
        #expect(routes.count == 3)
        #expect(routes[0] == BackRoute(appID: "org.kde.*", title: "^(Settings|Einstellungen)", edges: [.left, .right],
                                       action: .keys([RouteKey(code: 56, name: "KEY_LEFTALT"), RouteKey(code: 105, name: "KEY_LEFT")]),
                                       line: 3))
        #expect(routes[1].appID == "foot" && routes[1].action == RouteAction.none && routes[1].line == 6)
        #expect(routes[2].appID == nil && routes[2].title == nil && routes[2].action == .button(RouteKey(code: 0x113, name: "BTN_SIDE")))
        #expect(c.defaults.toolkitRouting == nil)
        // The entry's list replaces the defaults' (as actions), its toolkit_routing too.
        let entry = c.settings(forEntry: 0)
        #expect(entry.routes?.count == 1 && entry.toolkitRouting == false)
        #expect(entry.routes?.first?.action == .run([.literal("/usr/bin/wtype"), .literal("-k"), .placeholder(.edge)]))
        #expect(c.settings(forEntry: nil).toolkitRouting ?? DeviceSettings.toolkitRoutingDefault)
    }

    @Test func everyWrongValueIsNamedWithItsKeyAndLine() {
        let yaml = """
            defaults:
              toolkit_routing: maybe
              routes:
                - match: {app_id: firefox}
                - match: {}
                  action: none
                - match: {title: "(unclosed"}
                  action: none
                - match: {app_id: ""}
                  action: none
                - edges: []
                  action: none
                - edges: [left, left]
                  action: none
                - action: sometimes
                - action: {key: KEY_LEFTALT, keys: [KEY_LEFT]}
                - action: {key: BTN_SIDE}
                - action: {keys: [KEY_LEFTALT, KEY_LEFTALT]}
                - action: {keys: []}
                - action: {button: BTN_LEFT}
                - action: {run: [wtype]}
                - action: {}
                - match: {app: x}
                  action: none
            """
        // In line order (the file is read key by key: toolkit_routing after routes).
        let found = issues(yaml).sorted { $0.line < $1.line }.map { "\($0.line) \($0.key): \($0.message)" }
        let expected = [
            "2 defaults.toolkit_routing: expected true or false, got \"maybe\"",
            "4 defaults.routes[0]: missing key \"action\" (none, or one of key, keys, button, run)",
            "5 defaults.routes[1].match: matches every app; name app_id or title, or leave match out",
            "7 defaults.routes[2].match.title: not a POSIX extended regular expression: ",
            "9 defaults.routes[3].match.app_id: an app_id glob has 1 to 255 bytes, got 0",
            "11 defaults.routes[4].edges: must name at least one edge (or leave edges out: every edge)",
            "13 defaults.routes[5].edges: left is listed twice",
            "15 defaults.routes[6].action: expected none or a mapping with one of key, keys, button, run; got \"sometimes\"",
            "16 defaults.routes[7].action: give one of key, keys, button, run, not key and keys",
            "17 defaults.routes[8].action.key: \"BTN_SIDE\" is not a key name libevdev knows (for example KEY_LEFTALT)",
            "18 defaults.routes[9].action.keys[1]: KEY_LEFTALT is listed twice (a key is pressed once)",
            "19 defaults.routes[10].action.keys: a combination has 1 to 8 keys, got 0",
            "20 defaults.routes[11].action.button: expected one of: BTN_SIDE, BTN_EXTRA, BTN_BACK, BTN_FORWARD; got \"BTN_LEFT\"",
            "21 defaults.routes[12].action.run[0]: the program must be an absolute path (there is no shell and no PATH search)",
            "22 defaults.routes[13].action: name one of key, keys, button, run",
            "23 defaults.routes[14].match.app: unknown key; expected one of: app_id, title",
        ]
        #expect(found.count == expected.count, "\(found)")
        for (f, e) in zip(found, expected) {
            // regerror's own words follow the regex's message (glibc: "Unmatched ( or \\(").
            #expect(e.hasSuffix(": ") ? f.hasPrefix(e) && f.count > e.count : f == e, "\(f)")
        }
    }

    @Test func patternsAndListsAreBounded() {
        let longGlob = String(repeating: "a", count: 256)
        #expect(issues("defaults:\n  routes:\n    - match: {app_id: \(longGlob)}\n      action: none\n").map(\.message)
                == ["an app_id glob has 1 to 255 bytes, got 256"])
        let longRegex = String(repeating: "b", count: 1025)
        #expect(issues("defaults:\n  routes:\n    - match: {title: \(longRegex)}\n      action: none\n").map(\.message)
                == ["a title regex has 1 to 1024 bytes, got 1025"])
        let many = (0..<65).map { _ in "    - action: none\n" }.joined()
        #expect(issues("defaults:\n  routes:\n" + many).map { "\($0.line) \($0.key): \($0.message)" } == ["3 defaults.routes: 65 routes; at most 64"])
        let nine = (1...9).map { "KEY_F\($0)" }.joined(separator: ", ")
        #expect(issues("defaults:\n  routes:\n    - action: {keys: [\(nine)]}\n").map(\.message) == ["a combination has 1 to 8 keys, got 9"])
    }
}
