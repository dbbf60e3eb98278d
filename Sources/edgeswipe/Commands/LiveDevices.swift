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
            found = try DeviceDiscovery.scan(keepOpen: true)
        } else {
            found = nodes.map { DeviceDiscovery.open($0, keepOpen: true) }
            for d in found where d.device == nil {
                throw CommandError.unusableDevice(node: d.node, reason: d.decision.reason)
            }
        }
        let devices = found.compactMap(\.device)
        if devices.isEmpty {
            throw CommandError.noTouchDevice
        }
        return devices
    }

    /// SIGINT and SIGTERM stop the loop. Signals are blocked first, in this single-threaded process.
    static func stopOnSignals(_ loop: EventLoop) throws -> SignalSource {
        try ServiceSignals.blockSignals()
        return try SignalSource(loop: loop, signals: [SIGINT, SIGTERM]) { _ in loop.stop() }
    }
}
