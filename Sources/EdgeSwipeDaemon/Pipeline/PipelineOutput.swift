import Gestures
import Navigation
import TouchInput
import TouchModel

/// Everything the pipeline reports, in time order.
public enum PipelineOutput: Sendable {
    /// A decoded frame (only when `PipelineOptions.emitFrames`).
    case frame(TouchFrame, device: SourceID)
    case gesture(GestureEvent, device: SourceID)
    /// A stroke that started near an edge and did not become a back, at its end (only when
    /// `PipelineOptions.explainNearMisses`).
    case nearMiss(NearMiss, device: SourceID)
    case navigation(NavigationEvent)
    /// A device's decoder saw something odd (clamped values, dropped events...), reported once at the end;
    /// or the session has something to say about a source (nil: about none in particular).
    case deviceNote(String, device: SourceID?)
    /// A client's exclusion rectangles changed without its asking (the devices' geometry changed, or another
    /// client's set or departure divided the allowance again): for that client only.
    case exclusions(ExclusionReport)

    public var time: Microseconds? {
        switch self {
        case .frame(let f, _): return f.time
        case .gesture(let g, _): return g.time
        case .nearMiss(let m, _): return m.time
        case .navigation(let n): return n.time
        case .deviceNote, .exclusions: return nil
        }
    }
}
