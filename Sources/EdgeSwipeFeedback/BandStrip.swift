import EdgeSwipeControl
import Gestures
import TouchModel

/// The band preview (issue 38 item 4, `edgeswipe feedback --show-bands`): each edge band the service's recognizers
/// start swipes in, drawn at its width in mm over the output it is on. Pure: where each strip goes and what it
/// shows, in the output's logical pixels (the same `ScreenMapping` as the arrow: the service's screen in mm onto
/// the output's logical size), so a screenshot can be measured against the configured millimetres.
public struct BandStrip: Sendable, Hashable {
    public var edge: Edge
    /// The strip's thickness across its edge, logical px (whole pixels, at least 1, at most the output's side).
    public var thickness: Int
    /// The band's width as the service published it, mm.
    public var widthMM: Double

    /// The strip for `band` on `mapping`'s output: `widthMM` × px/mm across the edge (x for left and right, y for
    /// top and bottom), rounded to the nearest pixel.
    public init(_ band: ServiceBand, mapping: ScreenMapping) {
        edge = band.edge
        widthMM = band.widthMM
        let across = band.edge == .left || band.edge == .right
        let pixels = band.widthMM * (across ? mapping.pxPerMMX : mapping.pxPerMMY)
        let side = across ? mapping.outputWidth : mapping.outputHeight
        thickness = pixels.isFinite ? Int(min(max(pixels.rounded(), 1), max(side.rounded(.down), 1))) : 1
    }

    /// The strips to draw for `bands` (one per edge: the widest band of that edge).
    public static func strips(_ bands: [ServiceBand], mapping: ScreenMapping) -> [BandStrip] {
        ServiceBand.widest(bands.filter { $0.widthMM > 0 && $0.widthMM.isFinite }).map { BandStrip($0, mapping: mapping) }
    }

    /// The look: a translucent amber fill, and an opaque line one pixel wide along the band's inner side, where
    /// a swipe stops counting as one from the edge.
    public static let fill = ARGB(alpha: 0.30, red: 1.0, green: 0.62, blue: 0.0)
    public static let line = ARGB(alpha: 1.0, red: 1.0, green: 0.62, blue: 0.0)
}
