import EdgeSwipeCorpus
import Gestures
import TouchInput
import TouchModel

/// Event streams against fixed devices. The first byte picks the device and the mode; then every 7 bytes are
/// one event (kind, code, 4 value bytes, time step). Codes are mostly the ones a touch device sends, so the
/// fuzzer reaches the slot logic instead of the unknown-event path. Frames also go through a GestureArena.
enum DecoderFuzzing {
    struct Fixture {
        var device: DeviceDescription
        var geometry: SurfaceGeometry
    }

    /// Protocol B with resolution, protocol A, single-touch, and a 3-slot touchpad without resolution
    /// (configured size).
    static let fixtures: [Fixture] = {
        func synthetic(_ s: SyntheticDevice) -> Fixture {
            Fixture(device: s.description, geometry: try! s.geometry())
        }
        let a = SyntheticDevice(name: "protocol-a", kind: .touchscreen, sizeMM: PhysicalSize(widthMM: 250, heightMM: 170),
                                xMax: 4095, yMax: 4095, hasResolution: true, touchProtocol: .a)
        let pad = SyntheticDevice(name: "no-resolution", kind: .touchpad, sizeMM: PhysicalSize(widthMM: 100, heightMM: 60),
                                  xMax: 6000, yMax: 4000, hasResolution: false, touchProtocol: .b, slots: 3)
        let axis = AbsInfo(minimum: 0, maximum: 1023, resolution: 10)
        let single = DeviceDescription(
            name: "fuzz single-touch", id: InputID(bustype: 0x11, vendor: 1, product: 2, version: 1),
            codes: [EventType.syn: [SynCode.report, SynCode.dropped], EventType.key: [KeyCode.btnTouch],
                    EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.pressure]],
            absInfo: [AbsCode.x: axis, AbsCode.y: axis, AbsCode.pressure: AbsInfo(minimum: 0, maximum: 255)],
            properties: [InputProperty.direct], origin: "fuzz:single-touch")
        return [synthetic(.phone), synthetic(a),
                Fixture(device: single, geometry: try! SurfaceGeometry(device: single)), synthetic(pad)]
    }()

    static let absCodes: [UInt16] = [AbsCode.x, AbsCode.y, AbsCode.pressure, AbsCode.mtSlot, AbsCode.mtTouchMajor,
                                     AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtToolType,
                                     AbsCode.mtTrackingID, AbsCode.mtPressure]
    static let keyCodes: [UInt16] = [KeyCode.btnTouch, KeyCode.btnToolFinger, KeyCode.btnToolDoubleTap,
                                     KeyCode.btnToolTripleTap, KeyCode.btnToolQuadTap, KeyCode.btnToolQuintTap,
                                     KeyCode.btnLeft, KeyCode.btnToolPen]
    static let synCodes: [UInt16] = [SynCode.report, SynCode.report, SynCode.mtReport, SynCode.dropped, SynCode.config]

    static func run(_ data: UnsafeRawBufferPointer) -> [String] {
        var input = ByteSource(data)
        let head = input.byte()
        let fixture = fixtures[Int(head) % fixtures.count]
        let mode: MultitouchDecoder.Mode = head & 0x80 == 0 ? .recording : .live
        var decoder = MultitouchDecoder(device: fixture.device, geometry: fixture.geometry, mode: mode)
        let arena = GestureArena(transform: ScreenTransform(deviceSize: fixture.geometry.size))
        for config in [EdgeSwipeConfig(edges: [.left]), EdgeSwipeConfig(edges: [.right, .top]),
                       EdgeSwipeConfig(edges: [.left], fingers: 2)] {
            _ = try! arena.add(config)
        }
        var checker = FrameChecker()
        var time: Microseconds = 1_000_000
        while !input.isAtEnd {
            let event = nextEvent(&input, time: &time)
            if let frame = decoder.feed(event) {
                checker.check(frame)
                _ = arena.process(frame, now: frame.time)
            }
            if let deadline = arena.nextDeadline, deadline <= time { _ = arena.deadlineReached(now: time) }
        }
        if let frame = decoder.cancelAll(time: time) {
            checker.check(frame)
            _ = arena.process(frame, now: frame.time)
        }
        if !checker.active.isEmpty { checker.problems.append("contacts still active after cancelAll: \(checker.active)") }
        if arena.bugCount != 0 { checker.problems.append("arena counted \(arena.bugCount) bugs") }
        _ = decoder.diagnostics.map(\.description)
        return checker.problems
    }

    static func nextEvent(_ input: inout ByteSource, time: inout Microseconds) -> InputEvent {
        let kind = input.byte()
        let codeByte = input.byte()
        let shape = input.byte()
        let hi = input.byte(), mid = input.byte(), lo = input.byte()
        let step = input.byte()
        let value: Int32
        switch shape % 4 {
        case 0: value = Int32(bitPattern: UInt32(shape) << 24 | UInt32(hi) << 16 | UInt32(mid) << 8 | UInt32(lo))
        case 1: value = Int32(lo) - 1                          // tracking ids, slots, key states
        default: value = Int32(UInt16(hi) << 8 | UInt16(mid)) - 64 // coordinates, a little past the range
        }
        // Mostly forward in time; sometimes backwards, as a badly merged recording would be.
        if step == 0xFF { time = time >= 5_000 ? time - 5_000 : 0 } else { time += Microseconds(UInt64(step) * 100) }
        let type: UInt16, code: UInt16
        switch kind % 8 {
        case 0, 1: type = EventType.syn; code = synCodes[Int(codeByte) % synCodes.count]
        case 2, 3, 4: type = EventType.abs; code = codeByte >= 250 ? UInt16(codeByte) : absCodes[Int(codeByte) % absCodes.count]
        case 5: type = EventType.key; code = keyCodes[Int(codeByte) % keyCodes.count]
        case 6: type = EventType.msc; code = UInt16(codeByte % 8)
        default: type = UInt16(kind >> 3); code = UInt16(codeByte) << 2 | UInt16(shape & 3)
        }
        return InputEvent(time: time, type: type, code: code, value: value)
    }
}

/// The decoder's frame contract: ids start at 1 and are never reused; a contact goes down once, moves, then
/// ends once (up or cancelled); ids rise in order of first report (since 76ddafe a protocol-B contact gets its id
/// when first reported, not at its tracking id); positions are finite.
struct FrameChecker {
    var active: Set<Int> = []
    var highestID = 0
    var problems: [String] = []

    mutating func check(_ frame: TouchFrame) {
        guard problems.count < 10 else { return }
        var seen: Set<Int> = []
        for c in frame.contacts {
            if !seen.insert(c.id).inserted { problems.append("contact \(c.id) twice in one frame at \(frame.time)") }
            if !(c.mm.x.isFinite && c.mm.y.isFinite && c.normalized.x.isFinite && c.normalized.y.isFinite) {
                problems.append("contact \(c.id) has a non-finite position at \(frame.time)")
            }
            switch c.phase {
            case .down:
                if c.id <= highestID { problems.append("contact id \(c.id) reused or out of order (highest \(highestID))") }
                highestID = max(highestID, c.id)
                active.insert(c.id)
            case .move:
                if !active.contains(c.id) { problems.append("contact \(c.id) moves without being down") }
            case .up, .cancelled:
                if active.remove(c.id) == nil { problems.append("contact \(c.id) ends without being down") }
            }
        }
        for id in active where !seen.contains(id) {
            problems.append("active contact \(id) missing from the frame at \(frame.time)")
            active.remove(id)
        }
    }
}
