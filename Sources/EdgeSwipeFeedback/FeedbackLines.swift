import EdgeSwipeControl
import TouchModel

/// What the feedback reads from the service's lines (docs/protocol.md): back events and the published screens.
public enum FeedbackLines {
    /// A `"type":"back"` line for an observer ("Back handlers") as the arrow's event, with its gesture frame's
    /// kernel time; nil for any other line, a target's, an edge the arrow does not draw at, or a line missing what
    /// the arrow needs.
    public static func observation(_ line: JSONValue) -> (BackObservation, frameTime: Microseconds?)? {
        guard line["type"] == .string("back"), line["role"] == .string("observer"),
              case .string(let event)? = line["event"], let kind = BackObservation.Kind(rawValue: event),
              let gestureID = integer(line["gestureId"]), let gesture = line["gesture"],
              case .string(let edge)? = gesture["edge"], let side = ArrowSide(rawValue: edge) else { return nil }
        let position = gesture["positionMM"]
        guard let x = number(position?["x"]), let y = number(position?["y"]) else { return nil }
        let progress = number(gesture["progress"]) ?? 0
        let armed = gesture["armed"] == .bool(true)
        let observation = BackObservation(kind: kind, gestureID: gestureID, side: side, progress: progress,
                                          positionMM: Point(x: x, y: y), armed: armed, extentMM: number(gesture["extentMM"]))
        return (observation, number(gesture["time"]).map { Microseconds(seconds: $0) })
    }

    /// The screen size the service publishes (hello and state: `"screens":[{"widthMM","heightMM","rotation",
    /// "output"}]`, the size after rotation, as the user sees it): the entry of `output` if there is one, else the
    /// first; nil when none is published yet (`[]` before any device is known).
    public static func screenSize(_ line: JSONValue, output: String?) -> PhysicalSize? {
        guard case .array(let screens)? = line["screens"], !screens.isEmpty else { return nil }
        let entry = screens.first { output != nil && $0["output"] == .string(output!) } ?? screens[0]
        guard let w = number(entry["widthMM"]), let h = number(entry["heightMM"]), w > 0, h > 0 else { return nil }
        return PhysicalSize(widthMM: w, heightMM: h)
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .integer(let i)?: return Double(i)
        case .number(let d)? where d.isFinite: return d
        default: return nil
        }
    }

    private static func integer(_ value: JSONValue?) -> Int? {
        if case .integer(let i)? = value { return Int(exactly: i) }
        return nil
    }
}
