import CEdgeSwipeSys
import CEvdev
import EdgeSwipeSystem
import Foundation
import Glibc
import Testing
@testable import TouchInput
import TouchModel

@Suite("Live device (no /dev/input on this host: error paths and the read protocol)")
struct LiveDeviceTests {
    @Test func nonexistentNodeIsAClearError() throws {
        let path = NSTemporaryDirectory() + "edgeswipe-no-such-node-\(getpid())/event99"
        do {
            _ = try LiveDevice(path: path)
            Issue.record("opened a node that does not exist")
        } catch let error as LiveDeviceError {
            #expect(error == .cannotOpen(path: path, errno: .noEntry))
            #expect(error.description.hasPrefix("\(path): cannot open: "))
            #expect(error.description.contains("no such device node"))
        }
    }

    @Test func devNullIsNotAnEvdevDevice() throws {
        do {
            _ = try LiveDevice(path: "/dev/null")
            Issue.record("/dev/null accepted as an evdev device")
        } catch let error as LiveDeviceError {
            #expect(error == .notEvdev(path: "/dev/null", errno: .notATypewriter))
            #expect(error.description.hasPrefix("/dev/null: not an evdev device"))
        }
    }

    @Test func descriptionFromLibevdevHasEverything() throws {
        let dev = try #require(libevdev_new())
        defer { libevdev_free(dev) }
        libevdev_set_name(dev, "Fake Panel")
        libevdev_set_id_bustype(dev, 0x18)
        libevdev_set_id_vendor(dev, 0x0eef)
        libevdev_set_id_product(dev, 0x7905)
        libevdev_set_id_version(dev, 2)
        libevdev_enable_property(dev, UInt32(INPUT_PROP_DIRECT))
        libevdev_enable_event_code(dev, UInt32(EV_KEY), UInt32(BTN_TOUCH), nil)
        var x = input_absinfo(value: 0, minimum: 0, maximum: 4095, fuzz: 4, flat: 0, resolution: 16)
        var slot = input_absinfo(value: 0, minimum: 0, maximum: 9, fuzz: 0, flat: 0, resolution: 0)
        libevdev_enable_event_code(dev, UInt32(EV_ABS), UInt32(ABS_MT_POSITION_X), &x)
        libevdev_enable_event_code(dev, UInt32(EV_ABS), UInt32(ABS_MT_SLOT), &slot)

        let d = DeviceDescription(libevdev: dev, origin: "/dev/input/event7")
        #expect(d.name == "Fake Panel")
        #expect(d.id == InputID(bustype: 0x18, vendor: 0x0eef, product: 0x7905, version: 2))
        #expect(d.properties == [InputProperty.direct])
        #expect(d.codes[EventType.key] == [KeyCode.btnTouch])
        #expect(d.codes[EventType.abs] == [AbsCode.mtPositionX, AbsCode.mtSlot])
        #expect(d.absInfo[AbsCode.mtPositionX] == AbsInfo(minimum: 0, maximum: 4095, fuzz: 4, flat: 0, resolution: 16))
        #expect(d.slotCount == 10)
        #expect(d.label == "\"Fake Panel\" (/dev/input/event7)")
    }
}

/// Scripted stand-in for libevdev_next_event: returns each (status, event) in turn and records the flags.
final class ScriptedEvdev {
    var script: [(Int32, InputEvent?)]
    var flags: [UInt32] = []

    init(_ script: [(Int32, InputEvent?)]) { self.script = script }

    func next(_ flags: UInt32, _ raw: inout input_event) -> Int32 {
        self.flags.append(flags)
        guard !script.isEmpty else { return -EAGAIN }
        let (rc, event) = script.removeFirst()
        if let event {
            raw.type = event.type
            raw.code = event.code
            raw.value = event.value
            edgeswipe_input_event_set_time(&raw, Int64(event.time.rawValue / 1_000_000), Int64(event.time.rawValue % 1_000_000))
        }
        return rc
    }
}

@Suite("SYN_DROPPED resync protocol")
struct SyncingReaderTests {
    let ok = SyncingReader.success, sync = SyncingReader.syncStatus
    let normal = SyncingReader.normalFlag, syncFlag = SyncingReader.syncFlag

    func ev(_ t: Microseconds, _ e: Ev) -> InputEvent { e.event(at: t) }
    func report(_ t: Microseconds) -> InputEvent { InputEvent(time: t, type: EventType.syn, code: SynCode.report, value: 0) }

    @Test func syncsAfterDroppedThenReadsNormally() throws {
        let fake = ScriptedEvdev([
            (ok, ev(10, .slot(0))), (ok, ev(10, .tid(1))), (ok, ev(10, .x(100))), (ok, ev(10, .y(100))), (ok, report(10)),
            (sync, ev(20, .dropped)),
            // libevdev's synced state: the touch in slot 0 lifted, a new one is down in slot 1.
            (sync, ev(30, .slot(0))), (sync, ev(30, .tid(-1))), (sync, ev(30, .slot(1))), (sync, ev(30, .tid(4))),
            (sync, ev(30, .x(600))), (sync, ev(30, .y(200))), (sync, report(30)),
            (-EAGAIN, nil),
            (ok, ev(40, .x(610))), (ok, report(40)),
            (-EINTR, nil),
            (-EAGAIN, nil),
        ])
        var reader = SyncingReader()
        var decoder = try TestDevices.decoder(TestDevices.touchscreenB(), mode: .live)
        var frames: [TouchFrame] = []
        let outcome = try reader.read(limit: 100, next: fake.next) { e in
            if let f = decoder.feed(e) { frames.append(f) }
        }
        #expect(outcome == .drained)
        #expect(fake.flags == Array(repeating: normal, count: 6) + Array(repeating: syncFlag, count: 8)
                + Array(repeating: normal, count: 4))
        #expect(frames.map(summary) == [
            ["1 s0 down (100,100)"],
            ["1 s0 up (100,100)", "2 s1 down (600,200)"],
            ["2 s1 move (610,200)"],
        ])
        #expect(frames.map(\.resynced) == [false, true, false])
        #expect(frames.map(\.time) == [10, 30, 40])
    }

    @Test func limitCutsASyncAndTheNextCallContinuesIt() throws {
        let fake = ScriptedEvdev([(sync, ev(1, .dropped)), (sync, ev(2, .tid(-1))), (sync, report(2)), (-EAGAIN, nil)])
        var reader = SyncingReader()
        var got: [InputEvent] = []
        #expect(try reader.read(limit: 2, next: fake.next) { got.append($0) } == .limitReached)
        #expect(reader.syncing)
        #expect(try reader.read(limit: 10, next: fake.next) { got.append($0) } == .drained)
        #expect(!reader.syncing)
        #expect(got.count == 3)
        // The SYN_DROPPED comes from a normal read; everything after it until EAGAIN is read with the sync flag.
        #expect(fake.flags == [normal, syncFlag, syncFlag, syncFlag, normal])
    }

    @Test func noDeviceIsUnplugAndOtherErrorsThrow() throws {
        var reader = SyncingReader()
        let gone = ScriptedEvdev([(ok, ev(1, .x(5))), (-ENODEV, nil)])
        var n = 0
        #expect(try reader.read(limit: 10, next: gone.next) { _ in n += 1 } == .unplugged)
        #expect(n == 1)
        let broken = ScriptedEvdev([(-EIO, nil)])
        #expect(throws: Errno(rawValue: EIO)) { try reader.read(limit: 10, next: broken.next) { _ in } }
    }

    @Test func unplugCancelsContactsInFlightThroughTheDecoder() throws {
        var decoder = try TestDevices.decoder(TestDevices.touchscreenB(), mode: .live)
        for e in frame(10, .slot(0), .tid(1), .x(100), .y(100)) { _ = decoder.feed(e) }
        // What LiveDevice.read(into:) does on .unplugged.
        let cancelled = decoder.cancelAll(time: 99)
        let frame = try #require(cancelled)
        #expect(summary(frame) == ["1 s0 cancelled (100,100)"])
    }
}
