import FixtureSupport
import Testing
import TouchInput
import TouchModel
import TouchOwnership
import TouchTrace

/// Issue 27, item 4: a protocol A panel read as protocol B through libmtdev (`ProtocolBConversion`), on a recorded
/// N-Trig trace (whot/evemu-devices, MIT; Tests/Fixtures/SOURCES.tsv): two fingers down, moving, lifted. What each
/// converted frame must say comes from the A frames themselves, read here by the kernel's protocol A rules
/// (Documentation/input/multi-touch-protocol.rst), not from mtdev.
@Suite struct ProtocolBConversionTests {
    static let desc = "whot__evemu-devices__touchscreens__N-Trig_MultiTouch.desc"
    static let twoFingers = "whot__evemu-devices__touchscreens__N-Trig_MultiTouch.2-fingers-touch-release.events"

    /// The panel reports no resolution: a size as a configuration gives one.
    static let size = PhysicalSize(widthMM: 260, heightMM: 163)

    struct Point2: Hashable { var x: Int32, y: Int32 }

    /// Each A frame's contacts: one per SYN_MT_REPORT that followed a position, touching unless its
    /// ABS_MT_TOUCH_MAJOR is 0 (the panel reports one); a frame ends at SYN_REPORT.
    static func protocolAFrames(_ events: [InputEvent]) -> [[Point2]] {
        var frames: [[Point2]] = []
        var contacts: [Point2] = []
        var x: Int32?, y: Int32?, major: Int32?
        for e in events {
            if e.type == EventType.abs && e.code == AbsCode.mtPositionX { x = e.value }
            if e.type == EventType.abs && e.code == AbsCode.mtPositionY { y = e.value }
            if e.type == EventType.abs && e.code == AbsCode.mtTouchMajor { major = e.value }
            if e.type == EventType.syn && e.code == SynCode.mtReport {
                if let x, let y, major != 0 { contacts.append(Point2(x: x, y: y)) }
                x = nil; y = nil; major = nil
            }
            if e.isSynReport {
                frames.append(contacts)
                contacts = []
            }
        }
        return frames
    }

    static func trace() throws -> TraceDevice {
        try TraceReader.read(path: Fixtures.path(twoFingers), description: Fixtures.path(desc)).devices[0]
    }

    @Test func aRecordedProtocolATraceBecomesSlotsWithTheSameContactsEveryFrame() throws {
        let device = try Self.trace()
        #expect(ProtocolBConversion.isProtocolA(device.description))
        let conversion = try #require(ProtocolBConversion(device: device.description))
        #expect(conversion.description.slotCount == 32)
        #expect(conversion.description.absInfo[AbsCode.mtTrackingID]?.maximum == 65535)
        #expect(conversion.description.absInfo[AbsCode.mtPositionX] == device.description.absInfo[AbsCode.mtPositionX])

        let expected = Self.protocolAFrames(device.events)
        #expect(expected.count > 100 && expected.map(\.count).max() == 2, "the trace's A frames: \(expected.count)")
        var slot = 0
        var state: [Int: (id: Int32, x: Int32, y: Int32)] = [:]
        var ids = Set<Int32>()
        var reused = 0
        var frame = 0
        var passedOn: [InputEvent] = []
        for event in device.events {
            conversion.convert(event) { b in
                if b.type == EventType.syn { #expect(b.code != SynCode.mtReport) }
                guard b.type == EventType.abs, (AbsCode.mtSlot...AbsCode.mtPressure).contains(b.code) else {
                    if !b.isSynReport { passedOn.append(b) }
                    return
                }
                switch b.code {
                case AbsCode.mtSlot:
                    #expect((0..<32).contains(b.value))
                    slot = Int(b.value)
                case AbsCode.mtTrackingID:
                    // Protocol B: a slot's touch ends (-1) before another starts there.
                    if b.value >= 0, let old = state[slot]?.id, old >= 0 { reused += 1 }
                    if b.value >= 0 { ids.insert(b.value) }
                    state[slot, default: (-1, 0, 0)].id = b.value
                case AbsCode.mtPositionX: state[slot, default: (-1, 0, 0)].x = b.value
                case AbsCode.mtPositionY: state[slot, default: (-1, 0, 0)].y = b.value
                default: break
                }
            }
            guard event.isSynReport else { continue }
            let down = state.values.filter { $0.id >= 0 }.map { Point2(x: $0.x, y: $0.y) }
            #expect(Set(down) == Set(expected[frame]) && down.count == expected[frame].count,
                    "A frame \(frame): \(expected[frame]), B slots \(down)")
            frame += 1
        }
        #expect(frame == expected.count)
        #expect(reused == 0)
        // Touch-downs in the A frames: a frame with more contacts than the one before starts the difference.
        var starts = 0
        var previous = 0
        for f in expected {
            starts += max(0, f.count - previous)
            previous = f.count
        }
        #expect(ids.count == starts, "tracking ids \(ids.sorted()), touch-downs \(starts)")
        // Everything that is not multitouch (ABS_X/Y, BTN_TOUCH, BTN_TOOL_FINGER) goes on as read, in order.
        let key = { (e: InputEvent) in [e.type, e.code, UInt16(bitPattern: Int16(truncatingIfNeeded: e.value))] }
        let legacy = device.events.filter {
            !($0.type == EventType.syn) && !($0.type == EventType.abs && (AbsCode.mtSlot...AbsCode.mtPressure).contains($0.code))
        }
        #expect(passedOn.map(key) == legacy.map(key))
    }

    /// The protocol A decoder (what an unowned panel goes through) and the decoder on mtdev's protocol B see the
    /// same touches on this trace: frame for frame, the same number of contacts at the same places.
    @Test func theDecoderSeesTheSameTouchesThroughMtdevAsFromProtocolA() throws {
        let device = try Self.trace()
        let conversion = try #require(ProtocolBConversion(device: device.description))
        var fromA = MultitouchDecoder(device: device.description, geometry: try SurfaceGeometry(device: device.description, configuredSize: Self.size))
        var fromB = MultitouchDecoder(device: conversion.description, geometry: try SurfaceGeometry(device: conversion.description, configuredSize: Self.size))
        var a: [[Point2]] = []
        var b: [[Point2]] = []
        let places = { (f: TouchFrame) in f.contacts.filter(\.isActive).map { Point2(x: $0.deviceX, y: $0.deviceY) } }
        for event in device.events {
            if let f = fromA.feed(event) { a.append(places(f)) }
            conversion.convert(event) { if let f = fromB.feed($0) { b.append(places(f)) } }
        }
        #expect(a.count > 100)
        // mtdev sends no frame for an A frame that changes nothing: compare the frames that change something.
        let changes = { (frames: [[Point2]]) in zip([[]] + frames, frames).filter { Set($0) != Set($1) }.map { Set($0.1) } }
        #expect(changes(a) == changes(b))
    }

    @Test func aConvertedPanelCanBeOwnedASingleTouchOneCannot() throws {
        let device = try Self.trace().description
        #expect(OwnershipError.refusal(device) != nil)
        let conversion = try #require(ProtocolBConversion(device: device))
        #expect(OwnershipError.refusal(conversion.description) == nil)
        _ = try HoldForwarder(device: conversion.description, mode: .live)
        // Protocol B needs no conversion; a single-touch panel has none to offer and stays unownable.
        var slotted = conversion.description
        #expect(!ProtocolBConversion.isProtocolA(slotted) && ProtocolBConversion(device: slotted) == nil)
        slotted.codes[EventType.abs] = [AbsCode.x, AbsCode.y]
        slotted.absInfo = [AbsCode.x: AbsInfo(minimum: 0, maximum: 4095), AbsCode.y: AbsInfo(minimum: 0, maximum: 4095)]
        #expect(ProtocolBConversion(device: slotted) == nil)
        let refusal = try #require(OwnershipError.refusal(slotted))
        #expect(refusal.description.contains("no multitouch slots"))
    }
}
