import EdgeSwipeSystem
import EdgeSwipeControl

/// `key:` actions need the uinput keyboard; it is made when the actions appear (at start, and by a reload
/// that adds one), so a missing or forbidden /dev/uinput is said then, not at the first swipe.
extension EdgeSwipeService {
    /// Makes the keyboard for every key the configuration's actions name (defaults and every device entry).
    /// A failure is logged and published as a `keyActionUnavailable` diagnostic naming the actions, where they
    /// are configured, and the error; the service goes on, and a swipe that triggers one tries again.
    /// Returns whether it made (or tried to make) the keyboard: some rule presses a key.
    @discardableResult
    func prepareKeyActions(_ config: DaemonConfig) -> Bool {
        let places: [(key: String, rules: [ActionRule])] =
            [("defaults.actions", config.defaults.actions ?? [])]
            + config.devices.indices.map { ("devices[\($0)].actions", config.devices[$0].settings.actions ?? []) }
        var named: [String] = []
        for place in places {
            let keys = place.rules.compactMap { rule -> String? in
                if case .key(_, let name) = rule.action { return name }
                return nil
            }
            if !keys.isEmpty { named.append("\(Self.uniqued(keys).joined(separator: ", ")) (\(place.key))") }
        }
        guard !named.isEmpty else { return false }
        do {
            // Every entry's rules at once: the keyboard is made with all their keys.
            try runtime.actions.prepareKeyboard(for: places.flatMap(\.rules))
        } catch {
            let message = "key action\(named.count == 1 ? "" : "s") \(named.joined(separator: "; ")) cannot work: \(error);"
                + " the service goes on without them, and a swipe that triggers one tries again"
            log.error(message)
            runtime.publish(ControlEvent.diagnostic(code: "keyActionUnavailable", message: message, time: runtime.loop.now))
        }
        return true
    }

    private static func uniqued(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
