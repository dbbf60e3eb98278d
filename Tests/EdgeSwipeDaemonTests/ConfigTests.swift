@testable import EdgeSwipeDaemon
import FixtureSupport
import Foundation
import Gestures
import Testing
import TouchInput
import TouchModel

func issues(_ yaml: String) -> [ConfigIssue] {
    do {
        _ = try DaemonConfig.parse(text: yaml, source: "test.yaml")
        return []
    } catch {
        return error.issues
    }
}

@Suite struct ConfigTests {
    @Test func fullConfigurationIsRead() throws {
        let yaml = """
        version: 1
        print_json: true
        select: listed
        socket:
          path: /run/kiosk/nav.sock
          group: input
          allow_users: [0, "1000"]
          max_clients: 8
          queue_limit_kib: 256
        defaults:
          edges: [left]
          thresholds:
            edge_zone_mm: 5
            activation_timeout_ms: 250
          actions:
            - on: complete
              edge: left
              key: KEY_BACK
        devices:
          - match:
              name: "Atmel maXTouch*"
              udev: { ID_INPUT_TOUCHSCREEN: "1" }
            size: 218x136
            rotation: 90
            calibration: [1, 0, 0, 0, 1, 0]
            edges: [left, right]
            thresholds:
              complete_progress: 0.4
              complete_velocity_mm_s: 150
              arm_min_travel_mm: 4
              arm_min_interval_ms: 120
              arm_cone_ratio: 1.5
            actions:
              - edge: right
                run: [/usr/local/bin/kiosk-forward, "{edge}", "--fingers", "{fingers}"]
          - match: { kind: touchpad }
            ignore: true
        """
        let c = try DaemonConfig.parse(text: yaml, source: "full.yaml")
        #expect(c.printJSON)
        #expect(c.selection == .listed)
        #expect(c.socket.path == "/run/kiosk/nav.sock")
        #expect(c.socket.group == "input")
        #expect(c.socket.allowUsers == ["0", "1000"])
        #expect(c.socket.maxClients == 8)
        #expect(c.socket.queueLimitBytes == 256 * 1024)
        #expect(c.devices.count == 2)
        let d = c.devices[0]
        #expect(d.line == 20)
        #expect(d.selector.name == "Atmel maXTouch*")
        #expect(d.selector.udevProperties == ["ID_INPUT_TOUCHSCREEN": "1"])
        #expect(d.settings.size == PhysicalSize(widthMM: 218, heightMM: 136))
        #expect(d.settings.rotation == .fixed(.r90))
        #expect(d.settings.calibration == [1, 0, 0, 0, 1, 0])
        #expect(d.settings.edges == [.left, .right])
        #expect(d.settings.thresholds.completeProgress == 0.4)
        #expect(c.devices[1].selector == DeviceSelector(kind: .touchpad, ignore: true))

        // Settings for the first device: defaults overlaid with its own.
        let s = c.settings(forEntry: 0)
        #expect(s.thresholds.edgeZoneMM == 5)
        #expect(s.thresholds.activationTimeoutMS == 250)
        #expect(s.thresholds.completeVelocityMMs == 150)
        #expect(s.thresholds.armMinTravelMM == 4 && s.thresholds.armMinIntervalMS == 120 && s.thresholds.armConeRatio == 1.5)
        let recognizer = try PipelineOptions(settings: s).recognizers[0]
        #expect(recognizer.armMinTravelMM == 4 && recognizer.armMinIntervalMS == 120 && recognizer.armConeRatio == 1.5)
        #expect(s.edges == [.left, .right])
        #expect(s.actions == [ActionRule(trigger: .complete, edge: .right, action: .run([
            .literal("/usr/local/bin/kiosk-forward"), .placeholder(.edge), .literal("--fingers"), .placeholder(.fingers)]),
            line: 34)])
        // A device no entry matched gets the defaults, with the back key.
        #expect(c.settings(forEntry: nil).actions == [ActionRule(edge: .left, action: .key(code: KeyCode.keyBack, name: "KEY_BACK"), line: 16)])
    }

    @Test func emptyFileMeansDefaults() throws {
        let c = try DaemonConfig.parse(text: "# nothing here\n", source: "empty.yaml")
        #expect(c == DaemonConfig(source: "empty.yaml"))
        #expect(c.socket.path == "/run/edgeswipe/control.sock")
        #expect(c.selection == .all)
    }

    @Test func errorsNameKeyAndLine() {
        let found = issues("""
        socket:
          path: relative.sock
          max_clients: 0
        devices:
          - match: { name: pad }
            size: 100 by 60
            rotation: 45
            calibration: [1, 0, 0, 1]
            edges: [left, sideways]
            thresholds:
              edge_zone_mm: -3
              activation_timeout_ms: soon
              fingers: 9
            actions:
              - key: KEY_BAKC
              - run: [notify-send, "{edgee}"]
              - run: [/bin/true]
                key: KEY_BACK
        colour: blue
        """)
        let byKey = Dictionary(found.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byKey["socket.path"]?.line == 2)
        #expect(byKey["socket.max_clients"]?.line == 3)
        #expect(byKey["devices[0].size"]?.line == 6)
        #expect(byKey["devices[0].size"]?.message.contains("WxH") == true)
        #expect(byKey["devices[0].rotation"]?.line == 7)
        #expect(byKey["devices[0].calibration"]?.line == 8)
        #expect(byKey["devices[0].edges"]?.line == 9)
        #expect(byKey["devices[0].thresholds.edge_zone_mm"]?.line == 11)
        #expect(byKey["devices[0].thresholds.activation_timeout_ms"]?.line == 12)
        #expect(byKey["devices[0].thresholds.fingers"]?.line == 13)
        #expect(byKey["devices[0].actions[0].key"]?.line == 15)
        #expect(byKey["devices[0].actions[1].run[0]"] == nil)  // the placeholder is reported first...
        #expect(byKey["devices[0].actions[1].run[1]"]?.line == 16)
        #expect(byKey["devices[0].actions[2]"]?.line == 18)
        #expect(byKey["colour"]?.line == 19)
        #expect(found.count == 13)
        #expect(found.allSatisfy { $0.file == "test.yaml" })
        #expect(byKey["colour"]?.description == "test.yaml:19: colour: unknown key; expected one of: version, print_json, select, socket, defaults, devices, http")
    }

    @Test func commandsMustBeAbsoluteAndPlaceholdersWhole() {
        let relative = issues("defaults:\n  actions:\n    - run: [notify-send, hi]\n")
        #expect(relative.map(\.key) == ["defaults.actions[0].run[0]"])
        #expect(relative.first?.message.contains("absolute path") == true)
        let partial = try? DaemonConfig.parse(text: "defaults:\n  actions:\n    - run: [/bin/echo, \"--edge={edge}\", \"{trigger}\"]\n",
                                              source: "t")
        #expect(partial?.defaults.actions?.first?.action == .run([.literal("/bin/echo"), .literal("--edge={edge}"),
                                                                  .placeholder(.trigger)]))
    }

    @Test func yamlSyntaxErrorsAndDuplicatesHaveLines() {
        let syntax = issues("socket:\n  path: [unclosed\n")
        #expect(syntax.count == 1)
        #expect(syntax.first?.line ?? 0 >= 2)
        #expect(syntax.first?.message.hasPrefix("not valid YAML") == true)
        let dup = issues("print_json: true\nselect: all\nprint_json: false\n")
        #expect(dup.first?.line == 3)
    }

    @Test func onlyTouchKindsCanBeSelected() {
        let found = issues("devices:\n  - match: { kind: tablet }\n  - size: 10x10\n")
        #expect(found.map(\.key) == ["devices[0].match.kind", "devices[1]"])
        #expect(found.first?.message.contains("only touchscreen and touchpad") == true)
    }

    @Test func exampleConfigurationIsValid() throws {
        let path = Fixtures.packageRoot.appendingPathComponent("config/edgeswipe.example.yaml").path
        let c = try DaemonConfig.load(path: path)
        #expect(c.socket.path == SocketConfig.defaultPath)
        #expect(c.defaults.actions?.contains { $0.action == .key(code: KeyCode.keyBack, name: "KEY_BACK") } == true)
    }

    @Test func unreadableFileIsAnError() {
        #expect(throws: ConfigError.self) { try DaemonConfig.load(path: "/nonexistent/edgeswipe.yaml") }
    }

    /// Issue 22: `rotation:` and `--rotation` accept the same angles, through ScreenRotation(degrees:), and say
    /// the same rule; before, 360 or -90 were "out of range 0...359" here and 450 or -90 passed on the command line.
    @Test func rotationAcceptsWhatTheCommandLineAccepts() throws {
        for degrees in [-720, -360, -270, -90, -1, 0, 1, 45, 89, 90, 91, 180, 270, 359, 360, 450, 540, 630, 720] {
            let found = issues("defaults:\n  rotation: \(degrees)\n")
            if [0, 90, 180, 270].contains(degrees) {
                #expect(found.isEmpty, "\(degrees): \(found)")
                let config = try DaemonConfig.parse(text: "defaults:\n  rotation: \(degrees)\n", source: "r.yaml")
                #expect(config.defaults.rotation == Rotation(rawValue: degrees).map { .fixed($0) })
            } else {
                #expect(found.map(\.message) == ["must be 0, 90, 180 or 270 (degrees clockwise), auto (the output's) or accelerometer (iio-sensor-proxy's), got \(degrees)"], "\(degrees)")
                #expect(found.map(\.key) == ["defaults.rotation"])
            }
            #expect((ScreenRotation(degrees: degrees) == nil) == !found.isEmpty, "\(degrees)")
        }
    }
}

@Suite struct ConfigReloadTests {
    @Test func badNewConfigKeepsTheOldOne() throws {
        let dir = TempDirectory()
        let path = dir.write("c.yaml", "defaults:\n  edges: [left]\n")
        let store = try ConfigStore(path: path)
        #expect(store.current.defaults.edges == [.left])

        dir.write("c.yaml", "defaults:\n  edges: [left, right]\n  rotation: 33\n")
        let bad = store.reload()
        guard case .kept(let error) = bad else {
            Issue.record("an invalid file was applied: \(bad)")
            return
        }
        #expect(error.issues.map(\.key) == ["defaults.rotation"])
        #expect(error.issues.first?.line == 3)
        #expect(store.current.defaults.edges == [.left])
        #expect(store.generation == 0)
        #expect(bad.description.contains("NOT reloaded"))

        dir.write("c.yaml", "defaults:\n  edges: [left, right]\n")
        #expect(store.reload() == .applied(needsRestart: []))
        #expect(store.current.defaults.edges == [.left, .right])
        #expect(store.generation == 1)
        #expect(store.reload() == .unchanged)

        dir.write("c.yaml", "socket:\n  path: /run/other.sock\ndefaults:\n  edges: [left, right]\n")
        #expect(store.reload() == .applied(needsRestart: ["socket.path"]))
    }

    @Test func deletedFileKeepsTheOldOne() throws {
        let dir = TempDirectory()
        let path = dir.write("c.yaml", "print_json: true\n")
        let store = try ConfigStore(path: path)
        unlink(path)
        guard case .kept = store.reload() else {
            Issue.record("missing file was not reported")
            return
        }
        #expect(store.current.printJSON)
    }
}

@Suite struct ConfigSummaryTests {
    @Test func summaryNamesWhatTheServiceWillDo() throws {
        let c = try DaemonConfig.parse(text: """
        select: listed
        socket: { path: /run/k.sock, group: kiosk }
        devices:
          - match: { name: "Atmel*", udev: { ID_BUS: usb } }
            actions: [{ key: KEY_BACK }]
          - match: { kind: touchpad }
            ignore: true
        """, source: "k.yaml")
        #expect(c.summaryLines == [
            "k.yaml: valid",
            "socket: /run/k.sock (mode 0660, group kiosk, at most 64 clients, 1024 KiB queue each)",
            "devices: only those matching an entry",
            "  entry 1 (line 4): name \"Atmel*\", ID_BUS=usb",
            "  entry 2 (line 6): kind touchpad: ignored",
            "actions: 1",
        ])
    }
}
