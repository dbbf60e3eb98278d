import Gestures

/// Phosh (issue 39, item 3): its top panel and home bar take the top and bottom edges; lisgd, which Phosh users put
/// on the other edges, is a conflict only where one of its `-g` gestures starts at an edge EdgeSwipe swipes from.
extension DoctorChecks {
    static func phosh(_ facts: DoctorFacts) -> [DoctorFinding] {
        phoshEdges(facts) + lisgdEdges(facts)
    }

    /// The session runs phosh (the shell) and phoc (its compositor): the user's processes named so.
    static func phoshSession(_ facts: DoctorFacts) -> ProcessFact? {
        sessionProcesses(facts).first { $0.name == "phosh" || $0.program == "phosh" }
    }

    static func phoshEdges(_ facts: DoctorFacts) -> [DoctorFinding] {
        guard let shell = phoshSession(facts) else { return [] }
        let taken: [(Edge, String)] = [(.top, "its top panel opens with a swipe down from the top edge"),
                                       (.bottom, "its home bar opens the overview with a swipe up from the bottom edge")]
        return taken.filter { facts.edgeSwipeEdges.contains($0.0) }.map { edge, what in
            DoctorFinding(code: .phoshEdge, subject: "phosh (pid \(shell.pid))",
                          message: "this is a Phosh session (phosh, pid \(shell.pid)): \(what), which EdgeSwipe swipes from too",
                          remedy: "take '\(edge.rawValue)' out of EdgeSwipe's 'edges' (left and right are free under Phosh)")
        }
    }

    /// lisgd processes with `-g` gestures: a finding for each gesture on an edge EdgeSwipe uses. One without `-g`
    /// runs its built-in gestures and is reported as another gesture tool (`gestureTools`).
    static func lisgdEdges(_ facts: DoctorFacts) -> [DoctorFinding] {
        facts.processes.filter { $0.pid != facts.selfPID && gestureToolName($0) == "lisgd" }.flatMap { p in
            LisgdGesture.gestures(arguments: lisgdArguments(p)).compactMap { g -> DoctorFinding? in
                let shared = g.edges.intersection(facts.edgeSwipeEdges)
                guard !shared.isEmpty else { return nil }
                return DoctorFinding(code: .lisgdEdgeGesture, subject: "lisgd (pid \(p.pid))",
                                     message: "lisgd (pid \(p.pid)) binds -g '\(g.argument)', a swipe from the \(edgeList(shared)) edge, "
                                         + "which EdgeSwipe swipes back from",
                                     remedy: "give that gesture another edge (its third field: L, R, T or B; '*' means every edge) "
                                         + "or remove it from lisgd's command line")
            }
        }
    }

    /// The arguments from the lisgd program on (a script run by an interpreter has it second).
    static func lisgdArguments(_ p: ProcessFact) -> [String] {
        guard let at = p.arguments.prefix(2).firstIndex(where: { ($0.split(separator: "/").last.map(String.init) ?? $0) == "lisgd" }) else {
            return p.arguments
        }
        return Array(p.arguments[at...])
    }
}
