@testable import EdgeSwipeDaemon
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Glibc
import Testing
import TouchInput
import TouchModel
import TouchTrace

/// Ownership mode's parts that need no kernel: how a clone is named and recognised (the service never opens its
/// own clone), the `own` key, what a reload that changes it does. What is forwarded: HoldForwardingTests. The grab and the clone themselves are
/// shown live: Tests/LiveTests/OwnershipLiveTests.swift.
@Suite struct OwnershipTests {
    static let touchscreen = "whot__evemu-devices__touchscreens__N-Trig_MultiTouch.desc"

    @Test func theCloneKeepsTheSourcesNameAndPhysWithinUinputsLimits() {
        let plain = CloneIdentity(sourceName: "N-Trig MultiTouch", sourcePhys: "usb-0000:00:14.0-7/input0")
        #expect(plain.name == "N-Trig MultiTouch" && plain.phys == "usb-0000:00:14.0-7/input0")
        // A source without phys (uinput, some virtual drivers): none is set, not an empty one.
        #expect(CloneIdentity(sourceName: "a", sourcePhys: nil).phys == nil)
        #expect(CloneIdentity(sourceName: "a", sourcePhys: "").phys == nil)
        // 79 bytes of name is all uinput keeps (UINPUT_MAX_NAME_SIZE 80 with the terminating zero); every length
        // up to it is kept whole, longer ones are cut at a character boundary ("é" is 2 bytes: 39 of them fit).
        for length in 0...79 { #expect(CloneIdentity(sourceName: String(repeating: "a", count: length), sourcePhys: nil).name.utf8.count == length) }
        #expect(CloneIdentity(sourceName: String(repeating: "a", count: 100), sourcePhys: nil).name == String(repeating: "a", count: 79))
        #expect(CloneIdentity(sourceName: String(repeating: "é", count: 50), sourcePhys: nil).name == String(repeating: "é", count: 39))
        // UI_SET_PHYS takes 1024 bytes with the zero.
        #expect(CloneIdentity(sourceName: "a", sourcePhys: String(repeating: "p", count: 2000)).phys?.utf8.count == 1023)
    }

    @Test func theServiceNeverSelectsAClone() throws {
        var clone = try TraceReader.read(path: Fixtures.path(Self.touchscreen)).devices[0].description
        let original = DeviceSelection.decide(clone, node: "/dev/input/event5", classification: classify(clone),
                                              selectors: [], mode: .all)
        #expect(original.use)
        #expect(!CloneIdentity.isClone(clone))
        // The same name, ids and properties as its source, and the marker property: refused, even when an entry
        // names it (a clone read back would feed the service its own forwarded touches).
        clone.properties.insert(CloneIdentity.markerProperty)
        #expect(CloneIdentity.isClone(clone))
        for selectors in [[], [DeviceSelector(name: "*")], [DeviceSelector(name: clone.name)]] {
            let d = DeviceSelection.decide(clone, node: "/dev/input/event9", classification: classify(clone),
                                           selectors: selectors, mode: .all)
            #expect(!d.use)
            #expect(d.reason.contains("EdgeSwipe clone"), "\(d.reason)")
        }
        // By udev's mark too (the shipped rule sets it from the property), whatever the description says.
        var marked = try TraceReader.read(path: Fixtures.path(Self.touchscreen)).devices[0].description
        marked.udevProperties = ["ID_INPUT_TOUCHSCREEN": "1", "EDGESWIPE_CLONE": "1"]
        #expect(!DeviceSelection.decide(marked, node: nil, classification: classify(marked), selectors: [], mode: .all).use)
    }

    @Test func udevsCloneMarkKeepsTheNodeClosed() {
        let clone = UdevInputNode(devnode: "/dev/input/event9", syspath: "/sys/devices/virtual/input/input9/event9",
                                  properties: ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1", "EDGESWIPE_CLONE": "1"],
                                  initialized: true)
        #expect(clone.udevRefusal?.contains("EdgeSwipe clone") == true)
        var real = clone
        real.properties["EDGESWIPE_CLONE"] = nil
        #expect(real.udevRefusal == nil)
    }

    /// The shipped rule's clone line: a virtual device whose sysfs `properties` bitmap has the marker bit, before
    /// any tag. Its glob is checked against the bitmap as the kernel prints it (input_print_bitmap: "%lx" of the
    /// one word INPUT_PROP_CNT needs) for every combination of the properties the kernel defines (0x00-0x07),
    /// with and without the marker: it matches exactly the ones with the marker.
    @Test func theShippedUdevRuleMarksClonesByThePropertyAndTagsThemNot() throws {
        let rules = try String(contentsOfFile: Fixtures.packageRoot.appendingPathComponent("udev/70-edgeswipe.rules").path,
                               encoding: .utf8)
        let lines = rules.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
        let mark = try #require(lines.firstIndex { $0.contains("ENV{EDGESWIPE_CLONE}=\"1\"") })
        #expect(lines[mark].contains("DEVPATH==\"/devices/virtual/input/*\"") && lines[mark].contains("GOTO=\"edgeswipe_end\""))
        let firstTag = try #require(lines.firstIndex { $0.contains("TAG+=\"edgeswipe\"") })
        #expect(mark < firstTag, "the clone must leave the rule before any TAG+=")
        let glob = try #require(lines[mark].firstMatch(of: /ATTRS\{properties\}=="([^"]+)"/)).1
        #expect(CloneIdentity.markerProperty == 31)
        for defined in 0..<UInt32(256) {
            for marked in [false, true] {
                let bitmap = String(defined | (marked ? 1 << 31 : 0), radix: 16)
                #expect((fnmatch(String(glob), bitmap, 0) == 0) == marked, "properties \(bitmap)")
            }
        }
    }

    @Test func ownIsReadPerDeviceAndFromDefaults() throws {
        let config = try DaemonConfig.parse(text: """
            defaults:
              own: false
            devices:
              - match: { name: "Kiosk*" }
                own: true
              - match: { kind: touchpad }
            """, source: "test.yaml")
        #expect(config.defaults.own == false)
        #expect(config.settings(forEntry: 0).own == true)
        #expect(config.settings(forEntry: 1).own == false)
        #expect(config.mayOwnDevices)
        #expect(!(try DaemonConfig.parse(text: "defaults:\n  edges: [left]\n", source: "t.yaml")).mayOwnDevices)
        #expect(try DaemonConfig.parse(text: "defaults:\n  own: true\n", source: "t.yaml").summaryLines
            .contains { $0.hasPrefix("ownership: every device is owned") })
        let bad = issues("devices:\n  - match: { name: x }\n    own: sometimes\n")
        #expect(bad.count == 1 && bad[0].key == "devices[0].own" && bad[0].line == 3, "\(bad)")
    }

    /// The kiosk example owns touchscreens; the Debian conffile owns nothing (docs/kiosk.md says why).
    @Test func theKioskExampleOwnsTouchscreensAndTheConffileNothing() throws {
        let root = Fixtures.packageRoot.path
        let kiosk = try DaemonConfig.load(path: root + "/config/edgeswipe.kiosk.yaml")
        let entry = try #require(kiosk.devices.first)
        #expect(entry.selector.kind == .touchscreen && entry.settings.own == true)
        #expect(kiosk.defaults.own == nil)
        for plain in ["config/edgeswipe.yaml", "config/edgeswipe.example.yaml"] {
            #expect(!(try DaemonConfig.load(path: root + "/" + plain)).mayOwnDevices, "\(plain)")
        }
    }

    @Test func aReloadThatChangesOwnershipSaysWhenItApplies() {
        #expect(EdgeSwipeService.ownershipChangeRefusal(owned: true, wanted: true, throughLibinput: false) == nil)
        #expect(EdgeSwipeService.ownershipChangeRefusal(owned: false, wanted: false, throughLibinput: true) == nil)
        #expect(EdgeSwipeService.ownershipChangeRefusal(owned: true, wanted: false, throughLibinput: false)
            == "own: false in the new configuration applies when the device is plugged in again or the service restarts (it stays grabbed and forwarded until then)")
        #expect(EdgeSwipeService.ownershipChangeRefusal(owned: false, wanted: true, throughLibinput: false)?
            .hasSuffix("(it stays shared, not grabbed until then)") == true)
        #expect(EdgeSwipeService.ownershipChangeRefusal(owned: false, wanted: true, throughLibinput: true)?
            .contains("read through libinput") == true)
    }
}
