/// Which browser origins may use the bridge. A request carrying another `Origin` gets no CORS grant and is
/// refused (403) on /events and /commands; requests without `Origin` (curl, non-browser clients) are judged
/// by the token alone. The endpoint's own origins are always allowed, so the served demo page works.
package struct OriginPolicy: Sendable {
    package private(set) var allowed: Set<String> = []

    package init() {}

    /// `origins` like `http://localhost:3000`: scheme, host and optional port, nothing else.
    package init(_ origins: [String]) throws {
        for o in origins { allowed.insert(try Self.normalise(o)) }
    }

    /// Adds the origins a browser uses for pages this endpoint serves itself.
    package mutating func allowSelf(port: UInt16) {
        for host in ["127.0.0.1", "localhost", "[::1]"] { allowed.insert("http://\(host):\(port)") }
    }

    package func allows(_ origin: String) -> Bool {
        guard let o = try? Self.normalise(origin) else { return false }
        return allowed.contains(o)
    }

    /// Lower-cases scheme and host; refuses paths, user info, and anything but http/https.
    static func normalise(_ origin: String) throws -> String {
        let lower = origin.lowercased()
        guard let schemeEnd = lower.firstRange(of: "://") else {
            throw HTTPSetupError("origin \"\(origin)\": expected scheme://host[:port]")
        }
        let scheme = lower[..<schemeEnd.lowerBound]
        let rest = lower[schemeEnd.upperBound...]
        guard scheme == "http" || scheme == "https" else {
            throw HTTPSetupError("origin \"\(origin)\": the scheme must be http or https")
        }
        guard !rest.isEmpty, !rest.contains(where: { "/?#@ ".contains($0) }) else {
            throw HTTPSetupError("origin \"\(origin)\": expected scheme://host[:port] with no path")
        }
        return lower
    }
}
