/// The configuration in force, and SIGHUP reload: a new file replaces it only if it is valid as a whole;
/// otherwise the old one stays and the outcome says why. State outside the configuration (navigation stack,
/// connected clients, open devices) is never touched by a reload.
package final class ConfigStore {
    package enum ReloadOutcome: Hashable, Sendable, CustomStringConvertible {
        /// The new configuration is in force. `needsRestart` names changed keys that apply only at start
        /// (the socket's path, group and access list).
        case applied(needsRestart: [String])
        /// The file did not change anything.
        case unchanged
        /// The file was invalid or unreadable; the old configuration stays in force.
        case kept(ConfigError)

        package var description: String {
            switch self {
            case .applied(let keys) where keys.isEmpty: return "configuration reloaded"
            case .applied(let keys):
                return "configuration reloaded; \(keys.joined(separator: ", ")) take effect at the next restart"
            case .unchanged: return "configuration reloaded: no changes"
            case .kept(let error): return "configuration NOT reloaded, the previous one stays in force:\n\(error)"
            }
        }
    }

    /// Nil: built-in defaults, nothing to reload from.
    package let path: String?
    package private(set) var current: DaemonConfig
    /// Generation counter, bumped at each applied reload (so users of settings can tell they changed).
    package private(set) var generation = 0

    /// Command-line values that win over the file (`run --socket`): laid over the first load and every reload,
    /// so a reload of an unchanged file changes nothing.
    private let overrides: ((inout DaemonConfig) -> Void)?

    /// The first load must succeed: there is no older configuration to fall back on.
    package init(path: String?, overrides: ((inout DaemonConfig) -> Void)? = nil) throws(ConfigError) {
        self.path = path
        self.overrides = overrides
        current = try path.map { p throws(ConfigError) in try DaemonConfig.load(path: p) } ?? DaemonConfig()
        overrides?(&current)
    }

    package init(config: DaemonConfig) {
        path = nil
        overrides = nil
        current = config
    }

    package func reload() -> ReloadOutcome {
        guard let path else { return .unchanged }
        var next: DaemonConfig
        do {
            next = try DaemonConfig.load(path: path)
        } catch {
            return .kept(error)
        }
        overrides?(&next)
        return apply(next)
    }

    /// Puts an already validated configuration in force.
    package func apply(_ next: DaemonConfig) -> ReloadOutcome {
        guard next != current else { return .unchanged }
        var restart: [String] = []
        if next.socket.path != current.socket.path { restart.append("socket.path") }
        if next.socket.group != current.socket.group { restart.append("socket.group") }
        if next.socket.allowUsers != current.socket.allowUsers { restart.append("socket.allow_users") }
        if next.socket.maxClients != current.socket.maxClients { restart.append("socket.max_clients") }
        if next.socket.queueLimitBytes != current.socket.queueLimitBytes { restart.append("socket.queue_limit_kib") }
        current = next
        generation += 1
        return .applied(needsRestart: restart)
    }
}
