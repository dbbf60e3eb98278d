import EdgeSwipeControl
import Gestures
import YAMLDocument

/// `routes:` (docs/daemon.md, "Back routing"): where a handed-off back goes for the focused app. Every problem
/// named with its key and line, like every setting.
extension DaemonConfig {
    /// More routes than anyone writes by hand; bounds what a hand-off tries.
    static let maxRoutes = 64
    /// A key combination longer than this is not a shortcut.
    static let maxComboKeys = 8
    /// The mouse buttons a route may press: the side buttons, which toolkits read as back and forward (BTN_SIDE is
    /// GTK's and Qt's button 8, back).
    static let routeButtons = ["BTN_SIDE", "BTN_EXTRA", "BTN_BACK", "BTN_FORWARD"]

    static func readRoutes(_ r: ConfigReader, _ node: YAMLNode, _ key: String) -> [BackRoute]? {
        guard let items = r.list(node, key) else { return nil }
        if items.count > maxRoutes {
            r.issue(key, node.mark, "\(items.count) routes; at most \(maxRoutes)")
            return nil
        }
        return items.enumerated().compactMap { readRoute(r, $1, "\(key)[\($0)]") }
    }

    private static func readRoute(_ r: ConfigReader, _ node: YAMLNode, _ key: String) -> BackRoute? {
        guard let m = r.mapping(node, key, known: ["match", "edges", "action"]) else { return nil }
        var route = BackRoute(action: .none, line: node.mark.line)
        var ok = true
        if let e = m["match"], let mm = r.mapping(e.value, "\(key).match", known: ["app_id", "title"]) {
            if case .mapping(let entries, _) = e.value, entries.isEmpty { r.issue("\(key).match", e.value.mark, "matches every app; name app_id or title, or leave match out"); ok = false }
            if let v = mm["app_id"], let glob = r.string(v.value, "\(key).match.app_id") {
                if glob.isEmpty || glob.utf8.count > BackRoute.maxGlobBytes {
                    r.issue("\(key).match.app_id", v.value.mark,
                            "an app_id glob has 1 to \(BackRoute.maxGlobBytes) bytes, got \(glob.utf8.count)")
                    ok = false
                } else {
                    route.appID = glob
                }
            }
            if let v = mm["title"], let pattern = r.string(v.value, "\(key).match.title") {
                if pattern.isEmpty || pattern.utf8.count > BackRoute.maxRegexBytes {
                    r.issue("\(key).match.title", v.value.mark,
                            "a title regex has 1 to \(BackRoute.maxRegexBytes) bytes, got \(pattern.utf8.count)")
                    ok = false
                } else if let problem = RoutePattern.regexProblem(pattern) {
                    r.issue("\(key).match.title", v.value.mark, "not a POSIX extended regular expression: \(problem)")
                    ok = false
                } else {
                    route.title = pattern
                }
            }
        } else if m["match"] != nil {
            ok = false
        }
        if let e = m["edges"], let items = r.list(e.value, "\(key).edges") {
            var edges = Set<Edge>()
            for item in items {
                guard let edge = r.enumValue(item, "\(key).edges", Edge.self) else { ok = false; continue }
                if !edges.insert(edge).inserted { r.issue("\(key).edges", item.mark, "\(edge.rawValue) is listed twice"); ok = false }
            }
            if items.isEmpty { r.issue("\(key).edges", e.value.mark, "must name at least one edge (or leave edges out: every edge)"); ok = false }
            route.edges = edges
        }
        guard let a = m["action"] else {
            r.issue(key, node.mark, "missing key \"action\" (none, or one of key, keys, button, run)")
            return nil
        }
        guard let action = readRouteAction(r, a.value, "\(key).action"), ok else { return nil }
        route.action = action
        return route
    }

    private static func readRouteAction(_ r: ConfigReader, _ node: YAMLNode, _ key: String) -> RouteAction? {
        if case .scalar = node {
            guard let word = r.string(node, key) else { return nil }
            if word == "none" { return RouteAction.none }
            r.issue(key, node.mark, "expected none or a mapping with one of key, keys, button, run; got \"\(word.prefix(60))\"")
            return nil
        }
        guard let m = r.mapping(node, key, known: ["key", "keys", "button", "run"]) else { return nil }
        guard m.count == 1, let (name, e) = m.first else {
            r.issue(key, node.mark, m.isEmpty ? "name one of key, keys, button, run"
                    : "give one of key, keys, button, run, not \(m.keys.sorted().joined(separator: " and "))")
            return nil
        }
        switch name {
        case "key":
            return keyboardKey(r, e.value, "\(key).key").map { RouteAction.key($0) }
        case "keys":
            guard let items = r.list(e.value, "\(key).keys") else { return nil }
            guard (1...maxComboKeys).contains(items.count) else {
                r.issue("\(key).keys", e.value.mark, "a combination has 1 to \(maxComboKeys) keys, got \(items.count)")
                return nil
            }
            var keys: [RouteKey] = []
            for (i, item) in items.enumerated() {
                guard let k = keyboardKey(r, item, "\(key).keys[\(i)]") else { return nil }
                if keys.contains(k) {
                    r.issue("\(key).keys[\(i)]", item.mark, "\(k.name) is listed twice (a key is pressed once)")
                    return nil
                }
                keys.append(k)
            }
            return .keys(keys)
        case "button":
            guard let text = r.string(e.value, "\(key).button") else { return nil }
            guard routeButtons.contains(text), let button = RouteKey(named: text) else {
                r.issue("\(key).button", e.value.mark, "expected one of: \(routeButtons.joined(separator: ", ")); got \"\(text.prefix(60))\"")
                return nil
            }
            return .button(button)
        default:
            return readArgv(r, e.value, "\(key).run").map { RouteAction.run($0) }
        }
    }

    /// A KEY_ name libevdev knows.
    private static func keyboardKey(_ r: ConfigReader, _ node: YAMLNode, _ key: String) -> RouteKey? {
        guard let name = r.string(node, key) else { return nil }
        guard name.hasPrefix("KEY_"), let k = RouteKey(named: name) else {
            r.issue(key, node.mark, "\"\(name.prefix(60))\" is not a key name libevdev knows (for example KEY_LEFTALT)")
            return nil
        }
        return k
    }
}
