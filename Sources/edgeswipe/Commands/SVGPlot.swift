import Gestures
import TouchInput
import TouchModel

/// Builds the SVG for `edgeswipe plot`. Coordinates are screen millimetres scaled to `pxPerMM`.
struct SVGPlot {
    let transform: ScreenTransform
    let recognizers: [EdgeSwipeConfig]
    let title: String
    private var paths: [Int: [Point]] = [:]
    private var order: [Int] = []
    private var marks: [(point: Point, kind: String, label: String)] = []

    static let palette = ["#1f77b4", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"]

    init(transform: ScreenTransform, recognizers: [EdgeSwipeConfig], title: String) {
        self.transform = transform
        self.recognizers = recognizers
        self.title = title
    }

    mutating func add(frame: TouchFrame) {
        for c in frame.contacts {
            if paths[c.id] == nil { order.append(c.id) }
            paths[c.id, default: []].append(transform.screenMM(c))
        }
    }

    mutating func add(gesture g: GestureEvent) {
        switch g.phase {
        case .began: marks.append((g.positionMM, "began", "\(g.recognizer) began"))
        case .ended: marks.append((g.positionMM, g.outcome == .complete ? "complete" : "cancel",
                                   "\(g.recognizer) ended: \(g.outcome?.rawValue ?? "?")"))
        case .failed, .cancelled:
            let p = g.positionMM == Point(x: 0, y: 0) ? g.startMM : g.positionMM
            marks.append((p, "failed", "\(g.recognizer) \(g.phase.rawValue): \(g.failureReason?.description ?? "")"))
        case .changed, .armed, .disarmed: break
        }
    }

    /// At the stroke's touch-down, where "started 9.0 mm from the left edge" is measured from.
    mutating func add(nearMiss m: NearMiss) {
        marks.append((m.startMM, "near-miss", "near miss: " + m.sentence))
    }

    func render() -> String {
        let size = transform.screenSize
        let scale = min(4.0, 1000.0 / max(size.widthMM, size.heightMM))
        let margin = 20.0
        let legendHeight = 24.0 * Double(3 + marks.count.clamped(to: 0...12))
        // Wide enough for the legend's first line even on a narrow (portrait) surface.
        let w = max(size.widthMM * scale + 2 * margin, 760)
        let h = size.heightMM * scale + 2 * margin + 30 + legendHeight
        func x(_ v: Double) -> String { fmt(margin + v * scale) }
        func y(_ v: Double) -> String { fmt(margin + 30 + v * scale) }
        var s = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(fmt(w))" height="\(fmt(h))" viewBox="0 0 \(fmt(w)) \(fmt(h))" font-family="sans-serif" font-size="13">
        <title>\(escape(title))</title>
        <rect width="100%" height="100%" fill="#ffffff"/>
        <text x="\(fmt(margin))" y="\(fmt(margin + 12))" font-size="15" font-weight="bold">\(escape(title))</text>
        <rect id="surface" x="\(x(0))" y="\(y(0))" width="\(fmt(size.widthMM * scale))" height="\(fmt(size.heightMM * scale))" fill="#f4f4f4" stroke="#333333" stroke-width="1"/>

        """
        // Edge zones of every recognizer.
        for r in recognizers {
            for edge in r.edges {
                let z = r.edgeZoneMM
                let (zx, zy, zw, zh): (Double, Double, Double, Double)
                switch edge {
                case .left: (zx, zy, zw, zh) = (0, 0, z, size.heightMM)
                case .right: (zx, zy, zw, zh) = (size.widthMM - z, 0, z, size.heightMM)
                case .top: (zx, zy, zw, zh) = (0, 0, size.widthMM, z)
                case .bottom: (zx, zy, zw, zh) = (0, size.heightMM - z, size.widthMM, z)
                }
                s += "<rect class=\"edge-zone\" data-edge=\"\(edge.rawValue)\" x=\"\(x(zx))\" y=\"\(y(zy))\" width=\"\(fmt(zw * scale))\" height=\"\(fmt(zh * scale))\" fill=\"#2ca02c\" fill-opacity=\"0.25\"/>\n"
            }
        }
        // Contact paths with a dot where each started.
        for (i, id) in order.enumerated() {
            guard let pts = paths[id], let first = pts.first else { continue }
            let colour = Self.palette[i % Self.palette.count]
            let list = pts.map { "\(x($0.x)),\(y($0.y))" }.joined(separator: " ")
            s += "<polyline class=\"contact\" data-id=\"\(id)\" points=\"\(list)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2.5\" stroke-linejoin=\"round\"/>\n"
            s += "<circle cx=\"\(x(first.x))\" cy=\"\(y(first.y))\" r=\"4\" fill=\"\(colour)\"/>\n"
        }
        // Recognizer marks, numbered, explained in the legend.
        for (i, m) in marks.enumerated() {
            let colour = Self.markColour(m.kind)
            s += "<g class=\"mark\" data-kind=\"\(m.kind)\"><circle cx=\"\(x(m.point.x))\" cy=\"\(y(m.point.y))\" r=\"7\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"3\"/>"
            s += "<text x=\"\(fmt(margin + m.point.x * scale + 9))\" y=\"\(fmt(margin + 30 + m.point.y * scale - 9))\" fill=\"\(colour)\" font-weight=\"bold\">\(i + 1)</text>"
            // A near miss's sentence beside its mark too: the legend shows only the first twelve.
            if m.kind == "near-miss" {
                s += "<title>\(escape(m.label))</title><text class=\"near-miss-sentence\" x=\"\(fmt(margin + m.point.x * scale + 24))\" y=\"\(fmt(margin + 30 + m.point.y * scale - 9))\" fill=\"\(colour)\" font-size=\"11\">\(escape(m.label))</text>"
            }
            s += "</g>\n"
        }
        var ly = margin + 30 + size.heightMM * scale + 24
        s += "<text x=\"\(fmt(margin))\" y=\"\(fmt(ly))\">Green bands: edge zones. Lines: contact paths (dot = touch-down). Rings: recognizer events.</text>\n"
        ly += 24
        for (i, m) in marks.prefix(12).enumerated() {
            s += "<text x=\"\(fmt(margin))\" y=\"\(fmt(ly))\" fill=\"\(Self.markColour(m.kind))\">\(i + 1). \(escape(m.label))</text>\n"
            ly += 24
        }
        if marks.count > 12 { s += "<text x=\"\(fmt(margin))\" y=\"\(fmt(ly))\">… and \(marks.count - 12) more</text>\n" }
        if marks.isEmpty { s += "<text x=\"\(fmt(margin))\" y=\"\(fmt(ly))\">No recognizer left the possible state.</text>\n" }
        s += "</svg>\n"
        return s
    }

    static func markColour(_ kind: String) -> String {
        switch kind {
        case "began": return "#2ca02c"
        case "complete": return "#1f3fbf"
        case "cancel": return "#b8860b"
        case "near-miss": return "#6a3d9a"
        default: return "#d62728"
        }
    }

    func fmt(_ v: Double) -> String { String((v * 10).rounded() / 10) }

    func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }
}

extension Int {
    func clamped(to r: ClosedRange<Int>) -> Int { Swift.min(Swift.max(self, r.lowerBound), r.upperBound) }
}
