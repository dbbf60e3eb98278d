import EdgeSwipeControl
import TouchModel

/// What the feedback reads from the service's lines (docs/protocol.md): back events and the published screens.
public enum FeedbackLines {
    /// A `"type":"back"` line for an observer ("Back handlers", decoded by EdgeSwipeControl's BackObservation)
    /// from an edge the arrow is drawn at; nil for any other line, a target's, a top or bottom swipe, a line
    /// missing what an observer needs, or one with numbers out of range (`read` tells those apart).
    public static func observation(_ line: JSONValue) -> BackObservation? {
        guard case .observation(let o) = read(line) else { return nil }
        return o
    }

    /// What one line is to the feedback.
    public enum Line: Sendable, Hashable {
        case observation(BackObservation)
        /// A line the feedback would use, but with a number no screen, finger or clock has: dropped, and said.
        case outOfRange(String)
        /// Anything else: not the arrow's.
        case other
    }

    public static func read(_ line: JSONValue) -> Line {
        switch BackObservation.decode(observerLine: line) {
        case .observation(let o)?: return ArrowSide(o.edge) != nil ? .observation(o) : .other
        case .outOfRange(let what)?: return .outOfRange(what)
        case nil: return .other
        }
    }

    /// The screen size the service publishes (hello and state: `"screens":[{"widthMM","heightMM","rotation",
    /// "output"}]`, the size after rotation, as the user sees it): the entry of `output` if there is one, else the
    /// first; nil when none is published yet (`[]` before any device is known) or its size is no screen's.
    public static func screenSize(_ line: JSONValue, output: String?) -> PhysicalSize? {
        guard case .size(let size) = screen(line, output: output) else { return nil }
        return size
    }

    /// What a line's `screens` give for `output`.
    public enum Screen: Sendable, Hashable {
        case none
        case size(PhysicalSize)
        /// A side outside `PhysicalSize.minSideMM...maxSideMM` (issue 33: 0.3 mm trapped the arrow's drawing).
        case outOfRange(String)
    }

    public static func screen(_ line: JSONValue, output: String?) -> Screen {
        guard case .array(let screens)? = line["screens"], !screens.isEmpty else { return .none }
        let entry = screens.first { output != nil && $0["output"] == .string(output!) } ?? screens[0]
        guard let w = number(entry["widthMM"]), let h = number(entry["heightMM"]) else { return .none }
        let size = PhysicalSize(widthMM: w, heightMM: h)
        guard size.isScreenSized else {
            return .outOfRange("screens widthMM \(w), heightMM \(h) (each side \(Int(PhysicalSize.minSideMM)) to "
                               + "\(Int(PhysicalSize.maxSideMM)) mm)")
        }
        return .size(size)
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .integer(let i)?: return Double(i)
        case .number(let d)? where d.isFinite: return d
        default: return nil
        }
    }
}
