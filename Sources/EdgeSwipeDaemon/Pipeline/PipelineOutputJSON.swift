import EdgeSwipeControl

extension EventJSON {
    /// One pipeline output as the line `replay --json` and the service print; device names come from the session.
    public static func output(_ out: PipelineOutput, deviceName: (SourceID) -> String?) -> String {
        switch out {
        case .frame(let f, let d): return frame(f, device: deviceName(d))
        case .gesture(let g, let d): return gesture(g, device: deviceName(d))
        case .nearMiss(let m, let d): return NearMissJSON.line(m, device: deviceName(d))
        case .navigation(let n): return navigation(n)
        case .deviceNote(let text, let d):
            var o = JSONLine()
            o.add("type", "deviceNote")
            if let name = d.flatMap(deviceName) { o.add("device", name) }
            o.add("detail", text)
            return o.string
        case .exclusions(let report):
            return String(decoding: ExclusionJSON.event(report, time: nil).encodedLine(),
                          as: UTF8.self)
        }
    }
}
