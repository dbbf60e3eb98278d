import Gestures
import EdgeSwipeControl
import TouchModel

/// The checks of `edgeswipe doctor`: pure functions from the facts to findings, one per concern.
public enum DoctorChecks {
    /// The control protocol version this build speaks.
    public static let protocolVersion = Int(ControlProtocol.version)

    /// Programs that read touch input to recognise gestures of their own (by program file name; the kernel's
    /// short name is cut at 15 characters, so scripts are matched by the script's name among the first two
    /// arguments, e.g. `python3 /usr/bin/libinput-gestures`).
    public static let gestureTools: Set<String> = ["lisgd", "touchegg", "libinput-gestures", "fusuma", "gebaard",
                                                   "gestures", "hyprgrass", "edgeseek"]
    /// Chromium's names as a process; the browser's own process has no `--type=` argument.
    static let chromiumPrograms: Set<String> = ["chromium", "chromium-browser", "chrome", "google-chrome",
                                                "google-chrome-stable"]
    /// The flag that turns Chromium's own swipe-to-go-back off.
    public static let chromiumFlag = "--overscroll-history-navigation=0"

    public static func run(_ facts: DoctorFacts) -> DoctorReport {
        var findings: [DoctorFinding] = []
        findings += touchDevices(facts)
        findings += pens(facts)
        findings += gestureTools(facts)
        findings += autostartedTools(facts)
        findings += secondEdgeSwipe(facts)
        findings += grabs(facts)
        findings += compositorBindings(facts)
        findings += browsers(facts)
        findings += service(facts)
        findings += configuredOutputs(facts)
        findings += screens(facts)
        findings += cloneMapping(facts)
        findings += kde(facts)
        findings += gnome(facts)
        findings += phosh(facts)
        return DoctorReport(findings: findings, notes: notes(facts))
    }

    static func touchDevices(_ facts: DoctorFacts) -> [DoctorFinding] {
        guard !facts.touchDevices.contains(where: \.used) else { return [] }
        let seen = facts.touchDevices.isEmpty ? "no touch device was found"
            : facts.touchDevices.map { "\($0.node) (\($0.name)): \($0.reason)" }.joined(separator: "; ")
        return [DoctorFinding(code: .noTouchDeviceUsed, subject: "devices",
                              message: "EdgeSwipe uses no touch device: \(seen)",
                              remedy: "run 'edgeswipe list-devices' as root to see every node and why; a touchscreen needs ABS_MT axes and udev's ID_INPUT_TOUCHSCREEN")]
    }

    /// A pen that pairs with nothing: its proximity gates no touch device (issue 36). Information: the back swipe
    /// works, only a hand resting while writing is not held off.
    static func pens(_ facts: DoctorFacts) -> [DoctorFinding] {
        facts.pens.compactMap { pen in
            guard let why = pen.unpaired else { return nil }
            return DoctorFinding(code: .unpairedPen, subject: pen.node,
                                 message: "pen \(pen.node) (\(pen.name)) pairs with no touch device: \(why); a hand resting on "
                                     + "the screen while writing is taken as any touch",
                                 remedy: "name it in its touch device's entry (pen: \(pen.name)) in the service's configuration",
                                 severity: .info)
        }
    }

    static func gestureTools(_ facts: DoctorFacts) -> [DoctorFinding] {
        // lisgd with gestures of its own (`-g`) is judged by where they start (`lisgdEdges`).
        facts.processes.filter { p in
            p.pid != facts.selfPID && gestureToolName(p) != nil
                && !(gestureToolName(p) == "lisgd" && !LisgdGesture.gestures(arguments: lisgdArguments(p)).isEmpty)
        }.map { p in
            let tool = gestureToolName(p)!
            let reads = p.inputNodes.isEmpty ? "" : ", reading \(p.inputNodes.joined(separator: ", "))"
            return DoctorFinding(code: .otherGestureTool, subject: "\(tool) (pid \(p.pid))",
                                 message: "\(tool) (pid \(p.pid)) recognises touch gestures of its own\(reads): two gesture layers act on one touch",
                                 remedy: "stop \(tool) and remove it from the session's autostart (or turn its edge gestures off)")
        }
    }

    /// A gesture tool the compositor's configuration starts, when it is not running now (a running one is
    /// reported above, with its pid).
    static func autostartedTools(_ facts: DoctorFacts) -> [DoctorFinding] {
        let running = Set(facts.processes.compactMap(gestureToolName))
        return facts.compositorConfigs.flatMap { file in
            CompositorBindings.autostartedTools(in: file).filter { !running.contains($0.tool) }.map { t in
                DoctorFinding(code: .otherGestureTool, subject: "\(file.path):\(t.line)",
                              message: "\(file.compositor.rawValue)'s configuration starts \(t.tool) (\(t.text)): two gesture layers would act on one touch",
                              remedy: "remove that line, or turn \(t.tool)'s edge gestures off")
            }
        }
    }

    static func gestureToolName(_ p: ProcessFact) -> String? {
        if gestureTools.contains(p.name) { return p.name }
        for argument in p.arguments.prefix(2) {
            let base = String(argument.split(separator: "/").last ?? Substring(argument))
            if gestureTools.contains(base) { return base }
        }
        return nil
    }

    static func edgeSwipeServices(_ facts: DoctorFacts) -> [ProcessFact] {
        facts.processes.filter { $0.pid != facts.selfPID && $0.program == "edgeswipe" && $0.arguments.dropFirst().first == "run" }
    }

    static func secondEdgeSwipe(_ facts: DoctorFacts) -> [DoctorFinding] {
        let services = edgeSwipeServices(facts)
        guard services.count > 1 else { return [] }
        let pids = services.map { String($0.pid) }.joined(separator: ", ")
        return [DoctorFinding(code: .secondEdgeSwipe, subject: "pids \(pids)",
                              message: "\(services.count) 'edgeswipe run' processes run (pids \(pids)): each recognises every swipe",
                              remedy: "keep one: the packaged edgeswipe.service, or your own, not both ('systemctl status edgeswipe')")]
    }

    static func grabs(_ facts: DoctorFacts) -> [DoctorFinding] {
        let serviceNodes = Set(edgeSwipeServices(facts).flatMap(\.inputNodes))
        return facts.touchDevices.filter { $0.used && $0.grabbedByOther == true && !($0.owned && serviceNodes.contains($0.node)) }.map { d in
            let holders = facts.processes.filter { $0.pid != facts.selfPID && $0.inputNodes.contains(d.node) }
                .map { "\($0.program) (pid \($0.pid))" }
            let who = holders.isEmpty ? "a process this user cannot see (run the doctor as root to name it)"
                : holders.joined(separator: ", ")
            return DoctorFinding(code: .touchscreenGrabbed, subject: d.node,
                                 message: "\(d.node) (\(d.name)) is grabbed for exclusive use by \(who): EdgeSwipe sees none of its touches",
                                 remedy: "stop the grabbing program, or let EdgeSwipe own the device ('own: true') and point the other program at its clone")
        }
    }

    static func compositorBindings(_ facts: DoctorFacts) -> [DoctorFinding] {
        facts.compositorConfigs.flatMap(CompositorBindings.edgeBindings(in:))
            .filter { facts.edgeSwipeEdges.contains($0.edge) }
            .map { b in
                DoctorFinding(code: .compositorEdgeBinding, subject: "\(b.path):\(b.line)",
                              message: "\(b.compositor.rawValue) binds a touch swipe from the \(b.edge.rawValue) edge (\(b.text)), the edge EdgeSwipe swipes back from",
                              remedy: "remove that binding, or take the \(b.edge.rawValue) edge out of EdgeSwipe's 'edges'")
            }
    }

    static func browsers(_ facts: DoctorFacts) -> [DoctorFinding] {
        facts.processes.filter { p in
            chromiumPrograms.contains(p.program)
                && !p.arguments.contains { $0.hasPrefix("--type=") }
                && p.arguments.contains { $0 == "--kiosk" || $0.hasPrefix("--app=") }
                && !p.arguments.contains(chromiumFlag)
        }.map { p in
            DoctorFinding(code: .browserOwnSwipe, subject: "\(p.program) (pid \(p.pid))",
                          message: "the kiosk browser \(p.program) (pid \(p.pid)) runs without \(chromiumFlag): its own swipe goes back in its history, beside EdgeSwipe's",
                          remedy: "start it with \(chromiumFlag) (docs/kiosk.md lists the flags)")
        }
    }

    static func service(_ facts: DoctorFacts) -> [DoctorFinding] {
        switch facts.service {
        case .notChecked:
            return []
        case .unreachable(let socket, let error):
            return [DoctorFinding(code: .serviceUnreachable, subject: socket,
                                  message: "the service does not answer at \(socket): \(error)",
                                  remedy: "'systemctl status edgeswipe.socket edgeswipe'; a client user must be in the socket's group")]
        case .reachable(let socket, let version, let server):
            guard version != protocolVersion || server != "edgeswipe" else { return [] }
            return [DoctorFinding(code: .protocolMismatch, subject: socket,
                                  message: "\(socket) answers as \(server) with protocol \(version); this edgeswipe speaks \(protocolVersion)",
                                  remedy: "install the same edgeswipe version for the service and its clients")]
        }
    }

    static func notes(_ facts: DoctorFacts) -> [String] {
        var notes = facts.touchDevices.map { "device \($0.node) (\($0.name)): \($0.used ? "used" : "not used"): \($0.reason)" }
        if case .reachable(let socket, let version, _) = facts.service {
            notes.append("service: answers at \(socket), protocol \(version)")
        }
        notes += facts.compositorConfigs.map { "read \($0.compositor.rawValue) configuration \($0.path)" }
        notes += facts.compositorConfigNotes
        if let outputs = facts.compositorOutputs {
            notes.append("compositor outputs: " + (outputs.isEmpty ? "none" : outputs.map { "\($0.name) (transform \($0.orientation.name))" }.joined(separator: ", ")))
        }
        if let screens = facts.screens {
            notes += screens.enumerated().map { i, s in
                "service screen \(i + 1): rotation \(s.rotation.rawValue)\(s.flipped ? ", mirrored" : ""), output \(s.output ?? "not reported")"
            }
        }
        if let route = facts.backRoute {
            notes.append("back route now (the focused app's, for a back no client takes): \(route.route): \(route.action)")
        }
        notes += desktopNotes(facts)
        let edges = facts.edgeSwipeEdges.map(\.rawValue).sorted().joined(separator: ", ")
        notes.append("EdgeSwipe swipes from: \(edges.isEmpty ? "no edge" : edges)")
        return notes
    }
}
