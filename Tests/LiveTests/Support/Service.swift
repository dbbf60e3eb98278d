import EdgeSwipeDaemon
import Foundation
import Glibc
import Navigation
import TouchInput
import TouchModel
import EdgeSwipeControl

/// The real `edgeswipe run` binary with a temporary configuration and control socket, devices found through
/// the shipped udev rule (udev/70-edgeswipe.rules, installed into the guest's udevd first).
final class Service {
    let dir: String
    let socketPath: String
    let child: Child
    let tag: String

    /// `actions`: rules under `defaults.actions`; `devices`: the `devices:` list, as YAML lines.
    /// `arguments`: more options for `edgeswipe run` (e.g. `--own`).
    init(stack: String, actions: String = "", devices: String = "", arguments: [String] = [], tag: String) throws {
        try Service.installUdevRule()
        self.tag = tag
        dir = try makeTempDirectory(tag)
        socketPath = dir + "/control.sock"
        let config = """
            version: 1
            print_json: true
            socket:
              path: \(socketPath)
            \(actions.isEmpty ? "" : "defaults:\n  actions:\n" + actions)
            \(devices.isEmpty ? "" : "devices:\n" + devices)
            """
        try config.write(toFile: dir + "/edgeswipe.yaml", atomically: true, encoding: .utf8)
        child = try Child([Tools.edgeswipe, "run", "--config", dir + "/edgeswipe.yaml", "--stack", stack, "--verbose"] + arguments,
                          output: dir + "/run")
        let up = waitFor(seconds: 120) { access(socketPath, F_OK) == 0 || !child.isRunning }
        guard up, child.isRunning else { throw LiveTestError("edgeswipe run did not start: \(child.stderr)") }
    }

    deinit {
        child.stop(SIGTERM)
        // The service's log (--verbose) for the host: RESULTS/service-TAG.log.
        if let results = ProcessInfo.processInfo.environment["VMRUN_RESULTS"] {
            try? child.stderr.write(toFile: "\(results)/service-\(tag).log", atomically: false, encoding: .utf8)
        }
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// A subscribed client: hello read, subscription confirmed.
    func connect(events: [String]) throws -> ControlClient {
        // The socket file exists from bind(); connect is refused until listen(): retry briefly.
        var attempt: ControlClient?
        let deadline = Date().addingTimeInterval(30)
        while attempt == nil {
            do {
                attempt = try ControlClient(path: socketPath)
            } catch {
                guard Date() < deadline, child.isRunning else { throw error }
                usleep(20_000)
            }
        }
        let client = attempt!
        guard client.waitFor(seconds: 30, { $0["type"] as? String == "hello" }) != nil else {
            throw LiveTestError("no hello")
        }
        let list = events.map { "\"\($0)\"" }.joined(separator: ",")
        let reply = try client.request("{\"command\":\"subscribe\",\"id\":1,\"events\":[\(list)]}", id: 1)
        guard reply["type"] as? String == "reply" else { throw LiveTestError("subscribe: \(reply)") }
        return client
    }

    /// The screen names of the stack, bottom first, and whether a transition is in progress (`state`).
    func state(_ client: ControlClient, id: Int) throws -> (stack: [String], transitioning: Bool) {
        let reply = try client.request("{\"command\":\"state\",\"id\":\(id)}", id: id)
        guard let result = reply["result"] as? [String: Any], let stack = result["stack"] as? [[String: Any]] else {
            throw LiveTestError("state: \(reply)")
        }
        guard let transitioning = result["transitioning"] as? Bool else { throw LiveTestError("state: \(reply)") }
        return (stack.compactMap { $0["name"] as? String }, transitioning)
    }

    /// How much the service has logged so far: pass to `waitUntilAdded` for a device plugged in after now.
    var logMark: Int { child.stderr.utf8.count }

    /// Waits until the service logs that it uses `node` (an info line `NODE "NAME": ...` after `mark`). Having
    /// the node open is not enough: libinput opens a device and then reads its fd empty while adding it
    /// (evdev_device_create drains what was queued), so events written in between are lost.
    func waitUntilAdded(_ node: String, after mark: Int, seconds: Double = 60) throws {
        let added = waitFor(seconds: seconds) {
            let log = Array(child.stderr.utf8)
            guard log.count > mark else { return false }
            return String(decoding: log[mark...], as: UTF8.self).split(separator: "\n")
                .contains { $0.hasPrefix("<6>\(node) \"") }
        }
        guard added else { throw LiveTestError("edgeswipe run never added \(node); its log ends:\n\(child.stderr.suffix(3000))") }
        try child.waitUntilOpen(node)
    }

    /// The service's open files.
    var openPaths: [String] { child.openPaths }

    static func installUdevRule() throws {
        let rules = ReplayCase.packageRoot + "/udev/70-edgeswipe.rules"
        let target = "/etc/udev/rules.d/70-edgeswipe.rules"
        if FileManager.default.contentsEqual(atPath: rules, andPath: target) { return }
        try? FileManager.default.createDirectory(atPath: "/etc/udev/rules.d", withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: rules, toPath: target)
        let reload = try Child(["/usr/bin/udevadm", "control", "--reload"], output: "/tmp/edgeswipe-live-udev-reload")
        guard reload.wait(seconds: 60) == 0 else { throw LiveTestError("udevadm control --reload: \(reload.stderr)") }
    }
}

/// Devices that can type or point: the service must never open them.
enum OtherDevices {
    static func keyboard() -> DeviceDescription {
        let keys = ["KEY_A", "KEY_S", "KEY_D", "KEY_Q", "KEY_Z", "KEY_1", "KEY_0", "KEY_ENTER", "KEY_SPACE",
                    "KEY_BACKSPACE", "KEY_LEFTSHIFT"]
        let codes = Set(keys.compactMap { EventCodeNames.code(type: EventType.key, named: $0) })
        return DeviceDescription(name: "live-test keyboard", id: InputID(bustype: 0x06, vendor: 0x1234, product: 0x0001, version: 1),
                                 codes: [EventType.key: codes])
    }

    static func mouse() -> DeviceDescription {
        let rel = Set(["REL_X", "REL_Y", "REL_WHEEL"].compactMap { EventCodeNames.code(type: EventType.rel, named: $0) })
        let keys = Set(["BTN_LEFT", "BTN_RIGHT", "BTN_MIDDLE"].compactMap { EventCodeNames.code(type: EventType.key, named: $0) })
        return DeviceDescription(name: "live-test mouse", id: InputID(bustype: 0x06, vendor: 0x1234, product: 0x0002, version: 1),
                                 codes: [EventType.key: keys, EventType.rel: rel])
    }
}

/// Splits a recording into strokes: each ends with the SYN_REPORT of the frame where the last finger lifted
/// (tracking id -1 in slot protocol, or BTN_TOUCH 0).
func strokes(_ events: [InputEvent]) -> [[InputEvent]] {
    var result: [[InputEvent]] = []
    var current: [InputEvent] = []
    var lifted = false
    for e in events {
        current.append(e)
        if e.type == EventType.key && e.code == KeyCode.btnTouch && e.value == 0 { lifted = true }
        if e.isSynReport && lifted {
            result.append(current)
            current = []
            lifted = false
        }
    }
    if !current.isEmpty { result.append(current) }
    return result
}
