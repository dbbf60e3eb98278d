import EdgeSwipeControl
import EdgeSwipeFeedback
import Gestures
import EdgeSwipeWayland
import TouchModel

/// The compositor's outputs as the session reports them (`reportOutput`).
enum SessionOutputs {
    static func report(_ info: OutputInfo) -> OutputReport? {
        OutputReporter.report(name: info.name, transform: info.transform, physicalWidthMM: info.physicalWidthMM,
                              physicalHeightMM: info.physicalHeightMM, modeWidth: info.modeWidth,
                              modeHeight: info.modeHeight, scale: info.scale)
    }

    /// For the log: `HEADLESS-1: transform 90, 344x194 mm, 1280x720 px, scale 1`.
    static func describe(_ r: OutputReport) -> String {
        var text = "\(r.output): transform \(r.orientation.name)"
        if let w = r.widthMM, let h = r.heightMM { text += ", \(Int(w))x\(Int(h)) mm" }
        if let w = r.widthPixels, let h = r.heightPixels { text += ", \(w)x\(h) px" }
        if let s = r.scale { text += ", scale \(Int(s))" }
        return text
    }
}
