import EdgeSwipeSystem
import Foundation
import Glibc
import TouchInput
import TouchModel

/// A pen-capable panel as the scripted live tests make it: a 300 x 200 mm touchscreen (protocol B, 0…3000 x
/// 0…2000 at 10 units/mm, as Tests/Fixtures/pen's panel) and its pen node (0…30000 x 0…20000 at 100 units/mm,
/// pressure, tilt -9000…9000 at 5730 units per radian, hover distance), with the ids given. Positions below are in
/// the touchscreen's mm, so the expected values follow from the numbers fed: mm x 10 is the raw value.
enum ScriptedPanel {
    static let widthMM = 300.0
    static let heightMM = 200.0

    static func touchscreen(name: String, product: UInt16) -> DeviceDescription {
        let abs: [UInt16: AbsInfo] = [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 3000, resolution: 10),
            AbsCode.y: AbsInfo(minimum: 0, maximum: 2000, resolution: 10),
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 3000, resolution: 10),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 2000, resolution: 10),
            AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
        ]
        return DeviceDescription(name: name, id: InputID(bustype: 0x18, vendor: 0x2d1f, product: product, version: 1),
                                 codes: [EventType.syn: [SynCode.report], EventType.key: [KeyCode.btnTouch],
                                         EventType.abs: Set(abs.keys)],
                                 absInfo: abs, properties: [InputProperty.direct])
    }

    static func pen(name: String, product: UInt16) -> DeviceDescription {
        let abs: [UInt16: AbsInfo] = [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 30000, resolution: 100),
            AbsCode.y: AbsInfo(minimum: 0, maximum: 20000, resolution: 100),
            AbsCode.pressure: AbsInfo(minimum: 0, maximum: 4095),
            AbsCode.distance: AbsInfo(minimum: 0, maximum: 255),
            AbsCode.tiltX: AbsInfo(minimum: -9000, maximum: 9000, resolution: 5730),
            AbsCode.tiltY: AbsInfo(minimum: -9000, maximum: 9000, resolution: 5730),
        ]
        return DeviceDescription(name: name, id: InputID(bustype: 0x18, vendor: 0x2d1f, product: product, version: 1),
                                 codes: [EventType.syn: [SynCode.report],
                                         EventType.key: [KeyCode.btnToolPen, KeyCode.btnTouch, KeyCode.btnStylus],
                                         EventType.abs: Set(abs.keys)],
                                 absInfo: abs, properties: [InputProperty.direct])
    }

    /// Raw touchscreen units of a position in mm.
    static func raw(_ mm: Double) -> Int32 { Int32((mm * 10).rounded()) }
}

/// One step of a script: a frame for a device (its events, then SYN_REPORT), or something done, at a time in ms
/// from the script's start.
struct ScriptStep {
    enum Act {
        case frame(VirtualDevice, [(UInt16, UInt16, Int32)])
        case run(() throws -> Void)
    }

    var atMS: Double
    var act: Act
}

/// Steps written in time order, each at its time (never before it: the kernel stamps each event as written, so a
/// gap is at least as long as scripted, and under TCG it may be longer). `waitUntil` is given each step's due
/// time (CLOCK_MONOTONIC µs), e.g. to read a socket meanwhile.
func playScript(_ steps: [ScriptStep], waitUntil: ((UInt64) -> Void)? = nil) throws {
    let start = Monotonic.now().rawValue
    for step in steps.sorted(by: { $0.atMS < $1.atMS }) {
        let due = start + UInt64(step.atMS * 1000)
        let now = Monotonic.now().rawValue
        if due > now + 500 {
            if let waitUntil { waitUntil(due) } else { usleep(useconds_t(due - now)) }
        }
        switch step.act {
        case .frame(let device, let events):
            for (type, code, value) in events { try device.write(type, code, value) }
            try device.write(EventType.syn, SynCode.report, 0)
        case .run(let body):
            try body()
        }
    }
}

/// One finger's stroke on a `ScriptedPanel` touchscreen (slot 0), as frames every `frameMS` from `startMS`:
/// touch-down at the first point, a frame per later point, the lift `holdMS` after the last.
func fingerStroke(_ device: VirtualDevice, trackingID: Int32, startMS: Double, points: [(x: Double, y: Double)],
                  frameMS: Double = 10, holdMS: Double = 10) -> [ScriptStep] {
    guard let first = points.first else { return [] }
    let abs = EventType.abs
    var steps = [ScriptStep(atMS: startMS, act: .frame(device, [
        (abs, AbsCode.mtTrackingID, trackingID),
        (abs, AbsCode.mtPositionX, ScriptedPanel.raw(first.x)), (abs, AbsCode.mtPositionY, ScriptedPanel.raw(first.y)),
        (EventType.key, KeyCode.btnTouch, Int32(1)),
        (abs, AbsCode.x, ScriptedPanel.raw(first.x)), (abs, AbsCode.y, ScriptedPanel.raw(first.y)),
    ]))]
    for (i, p) in points.dropFirst().enumerated() {
        steps.append(ScriptStep(atMS: startMS + Double(i + 1) * frameMS, act: .frame(device, [
            (abs, AbsCode.mtPositionX, ScriptedPanel.raw(p.x)), (abs, AbsCode.mtPositionY, ScriptedPanel.raw(p.y)),
            (abs, AbsCode.x, ScriptedPanel.raw(p.x)), (abs, AbsCode.y, ScriptedPanel.raw(p.y)),
        ])))
    }
    let liftMS = startMS + Double(points.count - 1) * frameMS + holdMS
    steps.append(ScriptStep(atMS: liftMS, act: .frame(device, [(abs, AbsCode.mtTrackingID, Int32(-1)), (EventType.key, KeyCode.btnTouch, Int32(0))])))
    return steps
}

/// A pen hovering over the panel (BTN_TOOL_PEN 1, no contact, distance 40 of 255): proximity in at `startMS` at
/// `from` (touchscreen mm), then a frame every `frameMS` moving `stepMM` right, `frames` of them, with tilt in
/// raw units (5730 per radian). No proximity out: the caller scripts it (or unplugs the node).
func penHover(_ pen: VirtualDevice, startMS: Double, from: (x: Double, y: Double), frames: Int, frameMS: Double = 10,
              stepMM: Double = 1, tiltX: Int32 = 0) -> [ScriptStep] {
    let abs = EventType.abs
    // The pen's axes span the same glass at 100 units/mm: mm x 100.
    func penRaw(_ mm: Double) -> Int32 { Int32((mm * 100).rounded()) }
    var steps = [ScriptStep(atMS: startMS, act: .frame(pen, [
        (EventType.key, KeyCode.btnToolPen, Int32(1)), (abs, AbsCode.x, penRaw(from.x)), (abs, AbsCode.y, penRaw(from.y)),
        (abs, AbsCode.distance, Int32(40)), (abs, AbsCode.pressure, Int32(0)), (abs, AbsCode.tiltX, tiltX), (abs, AbsCode.tiltY, Int32(0)),
    ]))]
    for i in 1...max(1, frames) {
        steps.append(ScriptStep(atMS: startMS + Double(i) * frameMS, act: .frame(pen, [
            (abs, AbsCode.x, penRaw(from.x + Double(i) * stepMM)),
        ])))
    }
    return steps
}

func penOut(_ pen: VirtualDevice, atMS: Double) -> ScriptStep {
    ScriptStep(atMS: atMS, act: .frame(pen, [(EventType.key, KeyCode.btnToolPen, Int32(0)), (EventType.abs, AbsCode.distance, Int32(0))]))
}
