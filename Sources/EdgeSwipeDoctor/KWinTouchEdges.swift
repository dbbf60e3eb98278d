import Gestures

/// One of KWin's touch screen edges that `kwinrc` gives to something, and where it is written.
public struct KWinTouchEdge: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// `[TouchEdges] Left=ShowDesktop`: one of KWin's own actions.
        case action(String)
        /// `[Effect-overview] TouchBorderActivate=6` (or a script's, or `[TabBox]`'s): the group's effect.
        case border(group: String)
    }
    public var edge: Edge
    public var source: Source
    public var key: String
    public var line: Int
    /// The line as written, for the message.
    public var text: String
}

/// What `kwinrc` says about KWin's touch screen edges (KConfig's INI: `[Group]`, `Key=Value`, `#` comments, a
/// `[$i]`-style marker after a key or group). Read as KWin reads it (KDE/kwin, src/screenedge.cpp
/// `ScreenEdges::reconfigure`, and the touch screen KCM's `kwintouchscreensettings.kcfg`):
/// - `[TouchEdges]` `Top`/`Right`/`Bottom`/`Left`: an action name, compared without case (ShowDesktop, LockScreen,
///   KRunner, ActivityManager, ApplicationLauncher); anything else, "None" among them, is no action.
/// - an effect's `[Effect-NAME]`, a script's `[Script-NAME]` and the window switcher's `[TabBox]`: each key naming a
///   touch border (`TouchBorderActivate`, `TouchBorderActivateAll`, `GridTouchBorderActivate`,
///   `TouchBorderAlternativeActivate`...) is a list of KWin's `ElectricBorder` numbers.
/// - `[ScreenEdges] RemainActiveOnFullscreen`: the edges act over fullscreen windows too (default false).
public struct KWinTouchEdges: Sendable, Equatable {
    public var edges: [KWinTouchEdge] = []
    public var remainActiveOnFullscreen = false
    /// Values KWin would not take (a border number out of range, words where numbers go), one line each.
    public var problems: [String] = []

    /// KWin's `ElectricBorder` enum (KDE/kwin, src/libkwineffects/kwinglobals.h in Plasma 5.27): ElectricTop 0,
    /// TopRight 1, Right 2, BottomRight 3, Bottom 4, BottomLeft 5, Left 6, TopLeft 7, ELECTRIC_COUNT 8,
    /// ElectricNone 9. Touch gestures exist only on the four sides (the touch KCM hides the corners), so a corner
    /// takes no touch edge.
    public enum BorderNumber: Sendable, Equatable {
        case side(Edge)
        /// A corner, ELECTRIC_COUNT or ElectricNone: no touch edge.
        case noTouchEdge
        /// Not one of KWin's numbers.
        case invalid
    }

    public static func meaning(ofElectricBorder n: Int) -> BorderNumber {
        switch n {
        case 0: return .side(.top)
        case 2: return .side(.right)
        case 4: return .side(.bottom)
        case 6: return .side(.left)
        case 1, 3, 5, 7, 8, 9: return .noTouchEdge
        default: return .invalid
        }
    }

    static let actions = ["showdesktop": "ShowDesktop", "lockscreen": "LockScreen", "krunner": "KRunner",
                          "activitymanager": "ActivityManager", "applicationlauncher": "ApplicationLauncher"]
    static let sides: [String: Edge] = ["Top": .top, "Right": .right, "Bottom": .bottom, "Left": .left]
    /// More than this many problems are counted, not listed.
    static let maxProblems = 8

    public init(text: String) {
        // Binary garbage is not KConfig: said once, nothing read from it.
        guard !text.utf8.contains(0) else {
            problems = ["it holds NUL bytes, so it is not a KConfig text file: nothing read from it"]
            return
        }
        var group = ""
        var lineNumber = 0
        var moreProblems = 0
        func problem(_ what: String) {
            if problems.count < Self.maxProblems { problems.append(what) } else { moreProblems += 1 }
        }
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                // `[Effect-overview]`, or `[Effect-overview][$i]`: the first bracket is the group.
                guard let close = line.firstIndex(of: "]") else { group = ""; continue }
                group = String(line[line.index(after: line.startIndex)..<close])
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            var key = line[..<equals].trimmingWhitespace()
            if let marker = key.firstIndex(of: "[") { key = key[..<marker].trimmingWhitespace() }
            let value = line[line.index(after: equals)...].trimmingWhitespace()
            let written = String(line.prefix(200))
            if group == "TouchEdges", let edge = Self.sides[String(key)] {
                if let action = Self.actions[String(value).asciiLowercased()] {
                    edges.append(KWinTouchEdge(edge: edge, source: .action(action), key: String(key), line: lineNumber, text: written))
                }
            } else if group == "ScreenEdges", key == "RemainActiveOnFullscreen" {
                remainActiveOnFullscreen = ["true", "on", "yes", "1"].contains(String(value).asciiLowercased())
            } else if group == "TabBox" || group.hasPrefix("Effect-") || group.hasPrefix("Script-"),
                      key.contains("TouchBorder") {
                for item in value.split(separator: ",") {
                    let word = item.trimmingWhitespace()
                    switch Int(word).map(Self.meaning(ofElectricBorder:)) ?? .invalid {
                    case .side(let edge):
                        edges.append(KWinTouchEdge(edge: edge, source: .border(group: group), key: String(key), line: lineNumber, text: written))
                    case .noTouchEdge:
                        continue
                    case .invalid:
                        problem("line \(lineNumber): [\(group)] \(key): '\(word.prefix(40))' is not a KWin border number (0 to 9)")
                    }
                }
            }
        }
        if moreProblems > 0 { problems.append("\(moreProblems) more such value\(moreProblems == 1 ? "" : "s")") }
    }
}
