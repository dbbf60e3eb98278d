import TouchInput
import TouchTrace
import Gestures
import TouchModel

/// Real recorded vertical flings and scrolls (Android's and Flutter's velocity-tracker test recordings, in
/// Tests/Fixtures/*-velocitytracker-flings.tsv), each replayed as one touch placed in the left edge zone of the
/// synthetic phone: the first point `startDepthMM` from the left edge, the path's vertical middle at the screen's,
/// the motion as recorded (the file's units × its `mm_per_unit`; a point left of the edge reads as the edge).
/// Nothing may begin: they are the edge-zone touches that are not back swipes, for the hold-time figures.
public enum RecordedFlings {
    public static let files = ["android-velocitytracker-flings.tsv", "flutter-velocitytracker-flings.tsv"]
    public static let startDepthMM = 2.5
    public static let device = SyntheticDevice.phone

    struct Point3 { var ns: Int64; var x: Double; var y: Double; var action: Substring }

    public static func samples(directory: String) throws -> [CorpusSample] {
        var out: [CorpusSample] = []
        for file in files {
            let text = try TextFile.read(path: directory + "/" + file, maxBytes: 1 << 20)
            out += try samples(text: text, file: file)
        }
        return out
    }

    /// One sample per gesture of a file: `# mm_per_unit: N` among the comments, then a header row and rows
    /// gesture, time_ns, x, y, action (down, move, up).
    public static func samples(text: String, file: String) throws -> [CorpusSample] {
        var scale: Double?
        var gestures: [(String, [Point3])] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("gesture\t") { continue }
            if line.hasPrefix("#") {
                let key = "# mm_per_unit:"
                if line.hasPrefix(key) { scale = Double(line.dropFirst(key.count).drop { $0 == " " }) }
                continue
            }
            let f = line.split(separator: "\t")
            guard f.count == 5, let ns = Int64(f[1]), let x = Double(f[2]), let y = Double(f[3]),
                  ["down", "move", "up"].contains(f[4]) else {
                throw FlingFileError(file: file, line: n + 1, problem: "expected gesture, time_ns, x, y, down|move|up")
            }
            let p = Point3(ns: ns, x: x, y: y, action: f[4])
            if p.action == "down" || gestures.last?.0 != String(f[0]) { gestures.append((String(f[0]), [])) }
            gestures[gestures.count - 1].1.append(p)
        }
        guard let scale, scale > 0 else { throw FlingFileError(file: file, line: 1, problem: "no # mm_per_unit: line") }
        let source = file.split(separator: "-").first.map(String.init) ?? file
        return try gestures.map { name, points in
            try sample(name: "\(source)-flings/\(name)", points: points, mmPerUnit: scale, file: file)
        }
    }

    static func sample(name: String, points: [Point3], mmPerUnit: Double, file: String) throws -> CorpusSample {
        guard let first = points.first, first.action == "down", points.last?.action == "up" else {
            throw FlingFileError(file: file, line: 0, problem: "\(name): a gesture runs from down to up")
        }
        let transform = try device.transform()
        let screen = transform.screenSize
        let ys = points.map(\.y)
        let middle = ((ys.min() ?? 0) + (ys.max() ?? 0)) / 2
        func units(_ p: Point3) -> (Int32, Int32) {
            let mm = Point(x: startDepthMM + (p.x - first.x) * mmPerUnit, y: screen.heightMM / 2 + (p.y - middle) * mmPerUnit)
            let n = transform.deviceNormalized(screenMM: mm) ?? Point(x: 0, y: 0)
            return (Int32((n.x * Double(device.xMax)).rounded()).clamped(0, device.xMax),
                    Int32((n.y * Double(device.yMax)).rounded()).clamped(0, device.yMax))
        }
        var events: [InputEvent] = []
        var last: (Int32, Int32)?
        for p in points {
            let time = Microseconds(UInt64(1_000_000 + (p.ns - first.ns) / 1000))
            func emit(_ type: UInt16, _ code: UInt16, _ value: Int32) {
                events.append(InputEvent(time: time, type: type, code: code, value: value))
            }
            let u = units(p)
            switch p.action {
            case "down":
                emit(EventType.abs, AbsCode.mtTrackingID, 1)
                emit(EventType.abs, AbsCode.mtPositionX, u.0)
                emit(EventType.abs, AbsCode.mtPositionY, u.1)
                emit(EventType.key, KeyCode.btnTouch, 1)
                emit(EventType.abs, AbsCode.x, u.0)
                emit(EventType.abs, AbsCode.y, u.1)
            case "up":
                // The recordings' lift repeats the last position: the lift alone.
                emit(EventType.abs, AbsCode.mtTrackingID, -1)
                emit(EventType.key, KeyCode.btnTouch, 0)
            default:
                guard u.0 != last?.0 || u.1 != last?.1 else { continue }
                if u.0 != last?.0 { emit(EventType.abs, AbsCode.mtPositionX, u.0); emit(EventType.abs, AbsCode.x, u.0) }
                if u.1 != last?.1 { emit(EventType.abs, AbsCode.mtPositionY, u.1); emit(EventType.abs, AbsCode.y, u.1) }
            }
            last = u
            emit(EventType.syn, SynCode.report, 0)
        }
        let ms = Double(points.last!.ns - first.ns) / 1e6
        let along = ((ys.max() ?? 0) - (ys.min() ?? 0)) * mmPerUnit
        return CorpusSample(name: name, label: .realRecording, expected: .noBegin, device: device.description,
                            geometry: try device.geometry(), rotation: device.rotation, events: events,
                            note: "\(file): \(points.count) points over \(Int(ms.rounded())) ms, \(Int(along.rounded())) mm along the edge")
    }
}

public struct FlingFileError: Error, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var problem: String
    public var description: String { "\(file):\(line): \(problem)" }
}

extension Int32 {
    fileprivate func clamped(_ lo: Int32, _ hi: Int32) -> Int32 { Swift.min(Swift.max(self, lo), hi) }
}
