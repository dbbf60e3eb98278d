#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeDaemon
import EdgeSwipeSystem
import TouchInput

/// Opening the devices a live command works on: the ones named, or every touch device udev knows.
enum LiveDevices {
    static func open(_ nodes: [String]) throws -> [LiveDevice] {
        let found: [DiscoveredDevice]
        if nodes.isEmpty {
            do { found = try DeviceDiscovery.scan(keepOpen: true) } catch { throw RuntimeError("\(error)") }
        } else {
            found = nodes.map { DeviceDiscovery.open($0, keepOpen: true) }
            for d in found where d.device == nil {
                throw RuntimeError("\(d.node): \(d.decision.reason)")
            }
        }
        let devices = found.compactMap(\.device)
        if devices.isEmpty {
            throw RuntimeError("no touch device found; 'edgeswipe list-devices' shows what is there and why each is not used")
        }
        return devices
    }

    /// SIGINT and SIGTERM stop the loop. Signals are blocked first, in this single-threaded process.
    static func stopOnSignals(_ loop: EventLoop) throws -> SignalSource {
        try ServiceSignals.blockSignals()
        return try SignalSource(loop: loop, signals: [SIGINT, SIGTERM]) { _ in loop.stop() }
    }
}
