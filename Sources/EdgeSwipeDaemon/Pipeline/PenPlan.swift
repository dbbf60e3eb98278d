import TouchInput

/// Which devices of one set (a recording's, or the nodes the service found) are pens paired with which touch
/// devices, by `PenPairing`'s rule; indices are the set's. Pure.
package struct PenPlan {
    /// Pen index -> the touch device's index it gates.
    package private(set) var touchOfPen: [Int: Int] = [:]
    package private(set) var reasons: [Int: PenPairReason] = [:]
    /// Why each pen of the set pairs with nothing (only when the set holds a touch device).
    package private(set) var unpaired: [Int: String] = [:]
    /// A pen pairing with nothing, when the set holds a touch device it could have paired with.
    package private(set) var unpairedNotes: [(device: Int, note: String)] = []

    /// `requests[i]`: device i's `pen:` setting (read only for touch devices).
    package init(_ devices: [DeviceDescription], requests: [PenRequest]) {
        let pens = devices.indices.filter { PenPairing.isPen(devices[$0]) }
        let touches = devices.indices.filter { !PenPairing.isPen(devices[$0]) }
        guard !pens.isEmpty else { return }
        guard !touches.isEmpty else {
            for pen in pens { unpaired[pen] = "no touch device" }
            return
        }
        let outcomes = PenPairing.pair(touches: touches.map { (devices[$0], requests[$0]) }, pens: pens.map { devices[$0] })
        for (k, outcome) in outcomes.enumerated() {
            let pen = pens[k]
            if let t = outcome.touch, let reason = outcome.reason {
                touchOfPen[pen] = touches[t]
                reasons[pen] = reason
            } else {
                unpaired[pen] = outcome.unpaired ?? "no rule matched"
                unpairedNotes.append((pen, "pen \(devices[pen].label) pairs with no touch device: \(unpaired[pen] ?? "")"))
            }
        }
    }
}
