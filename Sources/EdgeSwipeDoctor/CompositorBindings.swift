import Gestures

/// A touch edge swipe a compositor's configuration binds, and where.
public struct CompositorEdgeBinding: Sendable, Equatable {
    public var edge: Edge
    public var compositor: ConfigFileFact.Compositor
    public var path: String
    public var line: Int
    /// The binding as written, for the message.
    public var text: String
}

/// Finds touch edge-swipe bindings in compositor configuration text. Only what each compositor documents:
/// - Hyprland with hyprgrass: `bind = , edge:<from>:<direction>, ...` or `hyprgrass-bind = ...`, where
///   `<from>` is the edge the swipe starts at (l, r, u, d).
/// - wayfire: an activator value with `edge-swipe <direction> <fingers>` (either order, `|` between
///   alternatives); the swipe goes toward `<direction>`, so it starts at the opposite edge (wayfire's core
///   matches an edge-swipe only when the touch began at that opposite edge).
/// - sway has no touchscreen edge bindings (`bindgesture` is for touchpads), so its files give none; a sway
///   configuration that starts a gesture tool (`exec lisgd`) is found by `autostartedTools(in:)`.
public enum CompositorBindings {
    public static func edgeBindings(in file: ConfigFileFact) -> [CompositorEdgeBinding] {
        var found: [CompositorEdgeBinding] = []
        var lineNumber = 0
        for rawLine in file.text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.prefix { $0 != "#" }.trimmingWhitespace()
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingWhitespace()
            let value = line[line.index(after: equals)...]
            let edges: [Edge]
            switch file.compositor {
            case .hyprland:
                guard key.hasPrefix("bind") || key.hasPrefix("hyprgrass-bind") else { continue }
                edges = hyprgrassEdges(value)
            case .wayfire:
                edges = wayfireEdges(value)
            case .sway:
                edges = []
            }
            for edge in edges {
                found.append(CompositorEdgeBinding(edge: edge, compositor: file.compositor, path: file.path,
                                                   line: lineNumber, text: String(line)))
            }
        }
        return found
    }

    /// Gesture tools a configuration starts: sway's `exec`/`exec_always`, Hyprland's `exec-once`/`exec`, wayfire's
    /// `[autostart]` entries; as (tool, line, text).
    public static func autostartedTools(in file: ConfigFileFact) -> [(tool: String, line: Int, text: String)] {
        var found: [(tool: String, line: Int, text: String)] = []
        var lineNumber = 0
        var section = ""
        for rawLine in file.text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.prefix { $0 != "#" }.trimmingWhitespace()
            if line.hasPrefix("[") && line.hasSuffix("]") { section = String(line.dropFirst().dropLast()); continue }
            let command: Substring?
            switch file.compositor {
            case .sway:
                let words = line.split(separator: " ", maxSplits: 1)
                command = (words.first == "exec" || words.first == "exec_always") && words.count == 2 ? words[1] : nil
            case .hyprland:
                guard let equals = line.firstIndex(of: "=") else { continue }
                let key = line[..<equals].trimmingWhitespace()
                command = key == "exec-once" || key == "exec" ? line[line.index(after: equals)...] : nil
            case .wayfire:
                guard section == "autostart", let equals = line.firstIndex(of: "=") else { continue }
                command = line[line.index(after: equals)...]
            }
            guard let command else { continue }
            for word in command.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" || $0 == "&" }).prefix(3) {
                let base = String(word.split(separator: "/").last ?? word)
                if DoctorChecks.gestureTools.contains(base) {
                    found.append((base, lineNumber, String(line)))
                    break
                }
            }
        }
        return found
    }

    /// `edge:l:r` and the like, anywhere among the comma-separated fields.
    static func hyprgrassEdges(_ value: Substring) -> [Edge] {
        value.split(separator: ",").compactMap { field in
            let parts = field.trimmingWhitespace().split(separator: ":")
            guard parts.count >= 2, parts[0] == "edge" else { return nil }
            switch parts[1] {
            case "l": return .left
            case "r": return .right
            case "u": return .top
            case "d": return .bottom
            default: return nil
            }
        }
    }

    static func wayfireEdges(_ value: Substring) -> [Edge] {
        value.split(separator: "|").compactMap { alternative in
            let words = alternative.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.first == "edge-swipe" else { return nil }
            for word in words.dropFirst() {
                switch word {
                case "right": return .left
                case "left": return .right
                case "down": return .top
                case "up": return .bottom
                default: continue
                }
            }
            return nil
        }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> Substring {
        let s = self[...]
        guard let first = s.firstIndex(where: { !$0.isWhitespace }),
              let last = s.lastIndex(where: { !$0.isWhitespace }) else { return Substring() }
        return Substring(s[first...last])
    }
}
