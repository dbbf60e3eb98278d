import TouchInput
import TouchModel

extension DaemonConfig {
    /// What `edgeswipe check-config FILE` prints for a valid file: what the service will do with it.
    package var summaryLines: [String] {
        var out = ["\(source): valid"]
        out.append("socket: " + (socket.path.map { "\($0) (mode 0660\(socket.group.map { ", group \($0)" } ?? ""), "
            + "at most \(socket.maxClients) clients, \(socket.queueLimitBytes / 1024) KiB queue each)" } ?? "disabled"))
        out.append("devices: " + (selection == .all ? "every touchscreen and touchpad" : "only those matching an entry"))
        if defaults.own == true { out.append("ownership: every device is owned (defaults.own: grabbed, forwarded through a uinput clone)") }
        for (i, d) in devices.enumerated() {
            var match: [String] = []
            if let n = d.selector.name { match.append("name \"\(n)\"") }
            if let n = d.selector.node { match.append("node \(n)") }
            for (k, v) in d.selector.udevProperties.sorted(by: { $0.key < $1.key }) { match.append("\(k)=\(v)") }
            if let k = d.selector.kind { match.append("kind \(k.rawValue)") }
            let owned = d.settings.own == true ? ": owned (grabbed, forwarded through a uinput clone)" : ""
            out.append("  entry \(i + 1) (line \(d.line)): \(match.joined(separator: ", "))\(d.selector.ignore ? ": ignored" : owned)")
        }
        if usesAccelerometer {
            let entries = devices.indices.filter { devices[$0].settings.rotation == .accelerometer }.map { "entry \($0 + 1)" }
            let who = (defaults.rotation == .accelerometer ? ["the defaults"] : []) + entries
            out.append("rotation: accelerometer for \(who.joined(separator: ", ")): iio-sensor-proxy's AccelerometerOrientation "
                       + "(net.hadess.SensorProxy on the system bus); 0 until it gives one")
        }
        let rules = ([defaults.actions ?? []] + devices.map { $0.settings.actions ?? [] }).flatMap { $0 }
        out.append("actions: \(rules.count)" + (printJSON ? "; JSON lines on stdout" : ""))
        return out
    }
}
