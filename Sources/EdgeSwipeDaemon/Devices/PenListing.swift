import TouchInput

/// `list-devices`' "Pen" rows (issue 36): a touch device's paired pens and why; a pen's touch device, or why none.
/// By the pairing rule alone (docs/daemon.md, "Pens paired with touch devices"): a configuration's `pen:` is not
/// read. Pure.
package enum PenListing {
    /// Keys are indices into `nodes`; a device that is neither a pen nor paired with one has no row.
    package static func rows(_ nodes: [(node: String, description: DeviceDescription?)]) -> [Int: String] {
        let described = nodes.indices.filter { nodes[$0].description != nil }
        let descriptions = described.compactMap { nodes[$0].description }
        let plan = PenPlan(descriptions, requests: descriptions.map { _ in .automatic })
        var rows: [Int: String] = [:]
        for (k, i) in described.enumerated() where PenPairing.isPen(descriptions[k]) {
            guard let t = plan.touchOfPen[k], let reason = plan.reasons[k] else {
                rows[i] = "pairs with nothing: \(plan.unpaired[k] ?? "no touch device")"
                continue
            }
            rows[i] = "pairs with \(descriptions[t].name) (\(nodes[described[t]].node), \(reason))"
            let line = "pen: \(descriptions[k].name) (\(reason))"
            rows[described[t]] = rows[described[t]].map { $0 + "; " + line } ?? line
        }
        return rows
    }
}
