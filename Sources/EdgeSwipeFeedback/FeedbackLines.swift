import EdgeSwipeControl
import TouchModel

/// What the feedback reads from the service's lines (docs/protocol.md): back events and the published screens.
public enum FeedbackLines {
    /// A back line for an observer ("Back handlers", decoded by EdgeSwipeControl's ServiceLine) from an edge the
    /// arrow is drawn at; nil for any other line, a target's, a top or bottom swipe, a line missing what an observer
    /// needs, or one with numbers out of range (`read` tells those apart).
    public static func observation(_ line: ServiceLine) -> BackObservation? {
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

    public static func read(_ line: ServiceLine) -> Line {
        switch line {
        case .back(let o): return ArrowSide(o.edge) != nil ? .observation(o) : .other
        case .unusable(.outOfRange(let what)): return .outOfRange(what)
        default: return .other
        }
    }

    /// The screen size the service publishes (hello, state and the screens event: the size after rotation, as the
    /// user sees it): the entry of `output` if there is one, else the first; nil when none is published yet (`[]`
    /// before any device is known) or its size is no screen's.
    public static func screenSize(_ line: ServiceLine, output: String?) -> PhysicalSize? {
        guard case .size(let size) = screen(line.publishedScreens ?? [], output: output) else { return nil }
        return size
    }

    /// What published screens give for `output`.
    public enum Screen: Sendable, Hashable {
        case none
        case size(PhysicalSize)
        /// A side outside `PhysicalSize.minSideMM...maxSideMM` (issue 33: 0.3 mm trapped the arrow's drawing).
        case outOfRange(String)
    }

    /// The published screen for `output` (the one on it, else the first).
    public static func entry(_ screens: [ServiceScreen], output: String?) -> ServiceScreen? {
        screens.first(where: { output != nil && $0.output == output }) ?? screens.first
    }

    public static func screen(_ screens: [ServiceScreen], output: String?) -> Screen {
        guard let entry = entry(screens, output: output) else { return .none }
        let size = entry.size
        guard size.isScreenSized else {
            return .outOfRange("screens widthMM \(entry.widthMM), heightMM \(entry.heightMM) (each side \(Int(PhysicalSize.minSideMM)) to "
                               + "\(Int(PhysicalSize.maxSideMM)) mm)")
        }
        return .size(size)
    }
}
