import Gestures
import TouchModel

extension GuidedSession {
    /// The labels file of the strokes finished so far, in the format `StrokeLabels.parse` reads: its header line,
    /// then comments saying who recorded it, the panel and the thresholds used, then one line per stroke (what
    /// was asked) with the recognizer's outcome as the line's comment. `panel`: the device's surface in mm.
    public func labelsText(deviceName: String, panel: PhysicalSize) -> String {
        var out = StrokeLabels.header + "\n"
        out += "# Recorded by the user of this device with `edgeswipe record --guided`; they may share it. Nothing is uploaded.\n"
        out += "# device: \"\(deviceName.onOneLine)\", panel \(NearMiss.trimmed(panel.widthMM)) x \(NearMiss.trimmed(panel.heightMM)) mm\n"
        for r in recognizers {
            let edges = EdgeMask.order.filter { r.edges.contains($0) }.map(\.rawValue).joined(separator: ",")
            let thresholds = TunedParameter.allCases.map { "\($0.rawValue) \(TuneReport.number($0.value(in: r)))" }
            out += "# recognizer \(r.name): edges \(edges), fingers \(r.fingers); " + thresholds.joined(separator: ", ") + "\n"
        }
        out += "# \(verdicts.count) of \(prompts.count) strokes asked; each label is what was asked, from touch-down to lift;"
        out += " a stroke that missed keeps its label (tune learns from it)\n"
        for v in verdicts { out += v.labelLine + "\n" }
        return out
    }
}

extension String {
    fileprivate var onOneLine: String { String(map { $0 == "\n" || $0 == "\r" || $0 == "\"" ? " " : $0 }) }
}
