import Foundation
import Testing
import YAMLDocument
@testable import EdgeSwipeDaemon

/// Issue 22 defect 7, the whole class: a NUL in any string of the configuration, a value or a key, is refused
/// naming the key and line. The string settings are not listed here by hand: reading `full` records every
/// string the schema reads (`ConfigReader.stringReads`), and `theSampleHasEveryKeyOfTheSchema` checks that
/// `full` holds every key every mapping of the schema knows, so a key added to the schema without being
/// added here fails that test instead of going untested.
@Suite struct ConfigStringSettingTests {
    /// Every key of the schema, strings and keys double-quoted (so a NUL can be put after the quote).
    static let full = """
        "version": 1
        "print_json": false
        "select": "all"
        "socket":
          "path": "/run/edgeswipe/control.sock"
          "group": "kiosk"
          "allow_users": ["kiosk", "operator"]
          "max_clients": 8
          "queue_limit_kib": 64
        "http":
          "port": 8710
          "token_file": "/etc/edgeswipe/http-token"
          "origins": ["http://localhost:3000"]
          "web_root": "/usr/share/edgeswipe/web"
          "allow_non_loopback": false
        "defaults":
          "size": "218x136"
          "rotation": 90
          "output": "HDMI-A-1"
          "calibration": [1, 0, 0, 0, 1, 0]
          "edges": ["left", "right"]
          "own": false
          "thresholds":
            "fingers": 1
            "edge_zone_mm": 5
            "activation_distance_mm": 6
            "angle_tolerance_deg": 30
            "max_drift_mm": 10
            "activation_timeout_ms": 250
            "complete_progress": 0.5
            "complete_velocity_mm_s": 200
            "arm_min_travel_mm": 1
            "arm_min_interval_ms": 30
            "arm_cone_ratio": 2
            "along_edge_slop_mm": 3
            "palm_major_mm": 20
            "palm_area_mm2": 400
            "palm_pressure": 0.9
            "grip_radius_mm": 1.5
            "grip_ms": 300
            "pen_linger_ms": 90
            "pen_hand_margin_mm": 20
            "pen_stuck_ms": 30000
            "content_answer_wait_ms": 17
            "content_travel_mm": 8
          "actions":
            - "on": "complete"
              "edge": "left"
              "fingers": 1
              "key": "KEY_BACK"
            - "on": "began"
              "run": ["/usr/local/bin/kiosk-hook", "{gesture}", "--edge={edge}"]
          "toolkit_routing": true
          "handedness": "auto"
          "pen": "auto"
          "content_swipe": false
          "routes":
            - "match":
                "app_id": "org.kde.*"
                "title": "^Settings"
              "edges": ["left"]
              "action":
                "keys": ["KEY_LEFTALT", "KEY_LEFT"]
            - "action":
                "key": "KEY_BACK"
            - "action":
                "button": "BTN_SIDE"
            - "action":
                "run": ["/usr/bin/wtype", "-k", "{edge}"]
            - "match":
                "app_id": "foot"
              "action": "none"
        "devices":
          - "match":
              "name": "ILITEK ILITEK-TP"
              "node": "/dev/input/event5"
              "kind": "touchscreen"
              "udev":
                "ID_INPUT_TOUCHSCREEN": "1"
            "ignore": false
            "size": "344x194"
            "rotation": "auto"
            "output": "DSI-1"
            "calibration": [1, 0, 0, 0, 1, 0]
            "edges": ["left"]
            "own": true
            "thresholds":
              "fingers": 2
              "edge_zone_mm": 4
              "activation_distance_mm": 5
              "angle_tolerance_deg": 20
              "max_drift_mm": 8
              "activation_timeout_ms": 300
              "complete_progress": 0.4
              "complete_velocity_mm_s": 150
              "arm_min_travel_mm": 2
              "arm_min_interval_ms": 40
              "arm_cone_ratio": 3
              "along_edge_slop_mm": 4
              "palm_major_mm": 18
              "palm_area_mm2": 300
              "palm_pressure": 0.8
              "grip_radius_mm": 2
              "grip_ms": 400
              "pen_linger_ms": 120
              "pen_hand_margin_mm": 25
              "pen_stuck_ms": 60000
              "content_answer_wait_ms": 33
              "content_travel_mm": 10
            "actions":
              - "on": "cancel"
                "edge": "right"
                "fingers": 2
                "key": "default"
              - "run": ["/usr/bin/logger", "{trigger}"]
            "toolkit_routing": true
            "handedness": "right"
            "pen": "IPTS Stylus"
            "content_swipe": true
            "routes":
              - "match":
                  "app_id": "org.kde.*"
                  "title": "^Settings"
                "edges": ["left"]
                "action":
                  "keys": ["KEY_LEFTALT", "KEY_LEFT"]
              - "action":
                  "key": "KEY_BACK"
              - "action":
                  "button": "BTN_SIDE"
              - "action":
                  "run": ["/usr/bin/wtype", "-k", "{edge}"]
              - "match":
                  "app_id": "foot"
                "action": "none"

        """

    static func reader() throws -> ConfigReader {
        let r = ConfigReader(file: "t.yaml")
        _ = DaemonConfig.read(document: try YAMLNode.load(text: full, source: "t.yaml"), with: r)
        return r
    }

    @Test func theSampleHasEveryKeyOfTheSchema() throws {
        let r = try Self.reader()
        #expect(r.issues.isEmpty, "\(r.issues)")
        var known: [String: Set<String>] = [:]
        var present: [String: Set<String>] = [:]
        for m in r.mappings {
            let path = m.key.replacing(/\[\d+\]/, with: "[]")
            known[path, default: []].formUnion(m.known)
            present[path, default: []].formUnion(m.present)
        }
        #expect(known.count >= 11, "\(known.keys.sorted())")
        for (path, keys) in known {
            #expect(keys.subtracting(present[path] ?? []).isEmpty, "\(path): the sample lacks \(keys.subtracting(present[path] ?? []).sorted())")
        }
    }

    @Test func aNULInEveryStringSettingIsRefusedNamingItsKeyAndLine() throws {
        let reads = try Self.reader().stringReads
        let lines = Self.full.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Every quoted string of the sample is read: values and keys alike.
        let quoted = Self.full.filter { $0 == "\"" }.count / 2
        #expect(reads.count == quoted, "\(reads.count) strings read, \(quoted) in the sample")
        for read in reads {
            var line = Array(lines[read.mark.line - 1])
            guard line[read.mark.column - 1] == "\"" else {
                Issue.record("\(read.key) at \(read.mark): not a quoted string")
                continue
            }
            line.insert(contentsOf: #"\0"#, at: read.mark.column)
            var edited = lines
            edited[read.mark.line - 1] = String(line)
            var found: [String] = []
            do { _ = try DaemonConfig.parse(text: edited.joined(separator: "\n"), source: "t.yaml") } catch {
                found = error.issues.map(\.description)
            }
            let what = read.isKey ? "a key contains" : "contains"
            let key = read.key.isEmpty ? "" : "\(read.key): "
            let expected = "t.yaml:\(read.mark.line): \(key)\(what) a NUL character (\\0); no setting may hold one"
            // A key with a NUL is not taken, so a required key (token_file, match, key or run) is also missing.
            #expect(read.isKey ? found.first == expected && found.count <= 2 : found == [expected], "\(read.key) at \(read.mark): \(found)")
        }
    }
}
