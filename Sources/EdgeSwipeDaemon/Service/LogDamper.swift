import TouchModel

/// How much one place of the service's code may log: a burst of lines, then, within the same window, nothing
/// but one line saying more are held back; the first line after the window says how many were. A flapping
/// accelerometer or an action that fires on every swipe (10 000 lines) costs the journal a few lines a minute.
/// Pure: the caller gives the time.
package struct LogDamper {
    package static let burst = 10
    package static let window = Microseconds(60_000_000)
    /// Places remembered; a service has a few dozen, so this bounds memory against nothing in particular.
    package static let maxSites = 512

    package enum Decision: Equatable {
        /// Write the line; `suppressedBefore` lines from this place were held back in its last window.
        case write(suppressedBefore: Int)
        /// Write a notice instead of the line: the burst is used up, further lines are held back.
        case holdBack
        case suppress
    }

    private struct Site {
        var windowStart: Microseconds
        var written: Int
        var suppressed: Int
    }

    private var sites: [String: Site] = [:]

    package init() {}

    package mutating func admit(site: String, now: Microseconds) -> Decision {
        guard var s = sites[site], now >= s.windowStart, now - s.windowStart < Self.window else {
            // The holding-back line was written: it is not among those held back.
            let before = max(0, (sites[site]?.suppressed ?? 0) - 1)
            if sites[site] == nil, sites.count >= Self.maxSites { sites.removeAll(keepingCapacity: true) }
            sites[site] = Site(windowStart: now, written: 1, suppressed: 0)
            return .write(suppressedBefore: before)
        }
        defer { sites[site] = s }
        if s.written < Self.burst {
            s.written += 1
            return .write(suppressedBefore: 0)
        }
        s.suppressed += 1
        return s.suppressed == 1 ? .holdBack : .suppress
    }
}
