import Gestures

/// What `edgeswipe record --guided` asks for, one stroke at a time: back swipes, and the near misses a recognizer
/// must leave alone. The raw values are the KIND column of the labels file (tune's before/after rows).
public enum GuidedKind: String, CaseIterable, Hashable, Sendable {
    case back
    case tapAtEdge = "tap-at-edge"
    case verticalInBand = "vertical-in-band"
    case tooFarIn = "too-far-in"
    case returns
    case grip

    /// The negatives, in the order they are asked after the backs.
    public static let negatives: [GuidedKind] = [.tapAtEdge, .verticalInBand, .tooFarIn, .returns, .grip]

    /// How long a grip is held: long past the recognizer's grip time (300 ms) and activation time-out (250 ms),
    /// as a hand resting on a tablet's edge is.
    public static let gripSeconds = 2.0

    public func expected(at edge: Edge) -> Expectation {
        switch self {
        case .back: return .swipe(edge, .complete)
        case .returns: return .swipe(edge, .cancel)
        case .tapAtEdge, .verticalInBand, .tooFarIn, .grip: return .noBegin
        }
    }

    /// What was asked, for "that was a back, a tap was asked".
    public var asked: String {
        switch self {
        case .back: return "a back"
        case .tapAtEdge: return "a tap"
        case .verticalInBand: return "a drag along the edge"
        case .tooFarIn: return "a swipe from too far in"
        case .returns: return "a swipe that returns"
        case .grip: return "a grip"
        }
    }

    /// The instruction, with the band's width so the user knows what "at the edge" means on this configuration.
    public func instruction(edge: Edge, bandMM: Double) -> String {
        let e = edge.rawValue
        let band = NearMiss.mm(bandMM)
        switch self {
        case .back:
            return "swipe back from the \(e) edge: touch down on the edge (within \(band) mm) and move inward"
        case .tapAtEdge:
            return "tap once at the \(e) edge, within \(band) mm of it"
        case .verticalInBand:
            return "drag about 4 cm along the \(e) edge, staying within \(band) mm of it"
        case .tooFarIn:
            // Outside the band by a finger's width or more, so the stroke is a near miss, not a sloppy back.
            let inMM = Int(max(20, 3 * bandMM).rounded())
            return "swipe inward as for a back, but touch down about \(inMM) mm from the \(e) edge"
        case .returns:
            return "start a back from the \(e) edge, go about 3 cm in, then come back to the edge before lifting"
        case .grip:
            return "hold one finger still on the \(e) edge for \(Int(Self.gripSeconds)) seconds, then lift"
        }
    }
}

/// One stroke asked for.
public struct GuidedPrompt: Hashable, Sendable {
    public var kind: GuidedKind
    public var edge: Edge
    /// The band of the recognizer for this edge, named in the instruction.
    public var bandMM: Double

    public init(kind: GuidedKind, edge: Edge, bandMM: Double) {
        self.kind = kind
        self.edge = edge
        self.bandMM = bandMM
    }

    public var expected: Expectation { kind.expected(at: edge) }
    public var instruction: String { kind.instruction(edge: edge, bandMM: bandMM) }

    /// `count` backs per configured edge (edge by edge), then `count` of each negative kind, their edges taken in
    /// turn so every edge gets some without multiplying the session's length by the number of edges.
    public static func plan(recognizers: [EdgeSwipeConfig], count: Int) -> [GuidedPrompt] {
        var edges: [(Edge, Double)] = []
        for r in recognizers {
            for e in EdgeMask.order where r.edges.contains(e) && !edges.contains(where: { $0.0 == e }) {
                edges.append((e, r.edgeZoneMM))
            }
        }
        guard !edges.isEmpty, count > 0 else { return [] }
        var prompts: [GuidedPrompt] = []
        for (e, band) in edges {
            for _ in 0..<count { prompts.append(GuidedPrompt(kind: .back, edge: e, bandMM: band)) }
        }
        for kind in GuidedKind.negatives {
            for i in 0..<count {
                let (e, band) = edges[i % edges.count]
                prompts.append(GuidedPrompt(kind: kind, edge: e, bandMM: band))
            }
        }
        return prompts
    }
}
