import Gestures

/// KDE Plasma (issue 39, item 3): KWin's own touch screen edges in `kwinrc`, an InputActions configuration with
/// touchscreen gestures, and Plasma Mobile's task switcher on the bottom edge.
extension DoctorChecks {
    static let touchScreenPage = "System Settings > Workspace Behavior > Touch Screen"

    static func kde(_ facts: DoctorFacts) -> [DoctorFinding] {
        kwinTouchEdges(facts) + inputActions(facts) + plasmaMobile(facts)
    }

    static func kwinTouchEdges(_ facts: DoctorFacts) -> [DoctorFinding] {
        guard let file = facts.desktop.kwinrc else { return [] }
        let read = KWinTouchEdges(text: file.text)
        let fullscreen = read.remainActiveOnFullscreen
            ? ", over fullscreen windows too ([ScreenEdges] RemainActiveOnFullscreen=true)"
            : ""
        return read.edges.filter { facts.edgeSwipeEdges.contains($0.edge) }.map { e in
            let subject = "\(file.path):\(e.line)"
            switch e.source {
            case .action(let action):
                return DoctorFinding(code: .kwinTouchEdge, subject: subject,
                                     message: "KWin gives a touch swipe from the \(e.edge.rawValue) edge to \(action) ([TouchEdges] \(e.text)), "
                                         + "the edge EdgeSwipe swipes back from\(fullscreen)",
                                     remedy: "set '\(e.key)=None' in [TouchEdges] of \(file.path) (or 'No Action' for that edge in \(touchScreenPage)), "
                                         + "then 'qdbus org.kde.KWin /KWin reconfigure'; or take the \(e.edge.rawValue) edge out of EdgeSwipe's 'edges'")
            case .border(let group):
                // The line to write: the borders of that line EdgeSwipe does not use, or 9 (ElectricNone) for none.
                let kept = read.edges.filter { $0.line == e.line && !facts.edgeSwipeEdges.contains($0.edge) }.map { Self.electricBorderNumber($0.edge) }
                let line = "\(e.key)=" + (kept.isEmpty ? "9" : kept.map(String.init).joined(separator: ","))
                return DoctorFinding(code: .kwinTouchBorder, subject: subject,
                                     message: "KWin's [\(group)] \(e.text) puts a touch border on the \(e.edge.rawValue) edge "
                                         + "(KWin's border \(Self.electricBorderNumber(e.edge))), the edge EdgeSwipe swipes back from\(fullscreen)",
                                     remedy: "write '\(line)' in [\(group)] of \(file.path) (or 'No Action' for that edge in "
                                         + "\(touchScreenPage)), then 'qdbus org.kde.KWin /KWin reconfigure'")
            }
        }
    }

    static func electricBorderNumber(_ edge: Edge) -> Int {
        switch edge {
        case .top: return 0
        case .right: return 2
        case .bottom: return 4
        case .left: return 6
        }
    }

    /// InputActions (taj-ny/InputActions, a KWin plugin) reads `~/.config/inputactions/config.yaml`. Its touchscreen
    /// triggers' edges are not read here, so a `touchscreen:` section is information, not a conflict.
    static func inputActions(_ facts: DoctorFacts) -> [DoctorFinding] {
        guard let file = facts.desktop.inputActions else { return [] }
        var number = 0
        for raw in file.text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            guard raw.hasPrefix("touchscreen:") else { continue }
            return [DoctorFinding(code: .inputActionsTouchscreen, subject: "\(file.path):\(number)",
                                  message: "InputActions' configuration has touchscreen gestures (line \(number)): they act on the touches "
                                      + "EdgeSwipe reads; the doctor does not read where they start",
                                  remedy: "make sure none of them starts at the \(edgeList(facts.edgeSwipeEdges)) edge, or remove the "
                                      + "'touchscreen:' section", severity: .info)]
        }
        return []
    }

    /// Plasma Mobile's task switcher is a KWin effect opened by a swipe up from the bottom edge.
    static func plasmaMobile(_ facts: DoctorFacts) -> [DoctorFinding] {
        guard facts.edgeSwipeEdges.contains(.bottom), let how = plasmaMobileSession(facts) else { return [] }
        return [DoctorFinding(code: .plasmaMobileTaskSwitcher, subject: how,
                              message: "this is a Plasma Mobile session (\(how)): its task switcher opens with a swipe up from the bottom edge, "
                                  + "which EdgeSwipe swipes back from too",
                              remedy: "take 'bottom' out of EdgeSwipe's 'edges' (left and right are free in Plasma Mobile)")]
    }

    /// How the session shows itself as Plasma Mobile: the session's name, its start script, or the mobile shell.
    static func plasmaMobileSession(_ facts: DoctorFacts) -> String? {
        if let name = facts.desktop.sessionDesktop, name.asciiLowercased().contains("plasma-mobile") || name.asciiLowercased().contains("plasmamobile") {
            return "XDG_SESSION_DESKTOP=\(name)"
        }
        for p in sessionProcesses(facts) {
            if p.program == "startplasmamobile" || p.arguments.prefix(2).contains(where: { $0.hasSuffix("/startplasmamobile") }) {
                return "startplasmamobile (pid \(p.pid))"
            }
            if p.program == "plasmashell", p.arguments.contains(where: { $0.contains("org.kde.plasma.mobileshell") }) {
                return "plasmashell with the mobile shell (pid \(p.pid))"
            }
        }
        return nil
    }

    /// The invoking user's processes (all of them when the user is not known): another user's session (a display
    /// manager's greeter runs gnome-shell as its own user) is not the user's desktop.
    static func sessionProcesses(_ facts: DoctorFacts) -> [ProcessFact] {
        guard let uid = facts.invokingUID else { return facts.processes }
        return facts.processes.filter { $0.uid == nil || $0.uid == uid }
    }

    static func edgeList(_ edges: Set<Edge>) -> String {
        let names = edges.map(\.rawValue).sorted()
        return names.count <= 1 ? (names.first ?? "no") : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

/// What was read of the desktops beyond wlroots, for the notes.
extension DoctorChecks {
    static func desktopNotes(_ facts: DoctorFacts) -> [String] {
        var notes: [String] = []
        let desktop = facts.desktop
        if let file = desktop.kwinrc {
            let read = KWinTouchEdges(text: file.text)
            let edges = read.edges.map { "\($0.edge.rawValue) (line \($0.line))" }
            notes.append("read KWin configuration \(file.path): touch edges " + (edges.isEmpty ? "none" : edges.joined(separator: ", "))
                         + (read.remainActiveOnFullscreen ? "; RemainActiveOnFullscreen=true" : ""))
            notes += read.problems.map { "KWin configuration \(file.path): \($0)" }
        }
        if let file = desktop.inputActions { notes.append("read InputActions configuration \(file.path)") }
        if let shell = desktop.gnome {
            notes.append("GNOME Shell \(shell.version ?? "(version not learnt)") runs; "
                         + (shell.enabledExtensions.map { "enabled extensions (\(shell.settingsSource)): " + ($0.isEmpty ? "none" : $0.joined(separator: ", ")) }
                            ?? "enabled extensions not set in \(shell.settingsSource) (the Shell's defaults apply)")
                         + (shell.userExtensionsDisabled ? "; disable-user-extensions is true" : ""))
        }
        if let shell = phoshSession(facts) { notes.append("Phosh session: phosh (pid \(shell.pid))") }
        if let how = plasmaMobileSession(facts) { notes.append("Plasma Mobile session: \(how)") }
        notes += desktop.notes
        return notes
    }
}
