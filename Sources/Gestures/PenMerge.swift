import TouchModel

/// Several pens paired with one touch device (two styluses, or a pen and its eraser node): the gate sees one
/// pen, in proximity while any of them is, placed where the one that last moved in proximity is. Pure; holds
/// one sample per paired pen.
public struct PenMerge: Hashable, Sendable {
    private var pens: [Int: PenSample] = [:]
    /// The pen whose sample the gate sees.
    private var leader: Int?

    public init() {}

    /// Takes pen `pen`'s new state; returns what the gate should see.
    public mutating func update(pen: Int, _ s: PenSample) -> PenSample {
        pens[pen] = s
        if s.inProximity {
            leader = pen
            return s
        }
        return merged(at: s.time, left: s)
    }

    /// The pen went away (unplugged): what the gate should see, nil when no pen is left (the caller drops it).
    public mutating func remove(pen: Int, time: Microseconds) -> PenSample? {
        guard let gone = pens.removeValue(forKey: pen) else { return nil }
        if leader == pen { leader = nil }
        guard !pens.isEmpty else { return nil }
        var out = gone
        out.inProximity = false
        out.time = time
        return merged(at: time, left: out)
    }

    public var isEmpty: Bool { pens.isEmpty }

    /// Another pen still in proximity keeps the gate closed; else the one that left gives the linger's rule.
    private mutating func merged(at time: Microseconds, left: PenSample) -> PenSample {
        if let other = pens.filter({ $0.value.inProximity }).min(by: { $0.key < $1.key }) {
            leader = other.key
            var s = other.value
            s.time = time
            return s
        }
        return left
    }
}
