import EdgeSwipeControl
import TouchModel

/// What the feedback reads from the service's lines (docs/protocol.md): back events and the published screens.
public enum FeedbackLines {
    /// A `"type":"back"` line for an observer ("Back handlers", decoded by EdgeSwipeControl's BackObservation)
    /// from an edge the arrow is drawn at; nil for any other line, a target's, a top or bottom swipe, or a line
    /// missing what an observer needs.
    public static func observation(_ line: JSONValue) -> BackObservation? {
        guard let o = BackObservation(observerLine: line), ArrowSide(o.edge) != nil else { return nil }
        return o
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
