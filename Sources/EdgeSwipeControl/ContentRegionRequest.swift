import Gestures

// Issue 37's requests (protocol 8): a client declares the parts of the screen where a back may begin from
// anywhere, and answers the service's `contentQuery` for them. The bounds a request's own fields can break are
// here, beside the decoder; those that need the service's state (per-client count, the screen) are its own.

/// `declareContentRegion`'s fields: the region as the client gives it, before the service clips it to the screen.
public struct ContentRegionDeclaration: Hashable, Sendable {
    public var id: ContentRegionID
    /// Screen millimetres, as the hello's `screens` give them.
    public var rectMM: ContentRect
    public var direction: ContentDirection

    public init(id: ContentRegionID, rectMM: ContentRect, direction: ContentDirection) {
        self.id = id
        self.rectMM = rectMM
        self.direction = direction
    }
}

public enum ContentRegionLimits {
    /// A region's id: 1 to 64 bytes of UTF-8 (a page's element id fits; a flood of long ids does not).
    public static let idBytes = 1...64
    /// At most this many regions per client at once: a page full of carousels declares one per carousel, and a
    /// 27-inch panel holds a dozen; the recognizer's own list holds `ContentSwipeRecognizer.maxRegions` in all.
    public static let perClient = 16
    /// A coordinate or size beyond this (10 m) is no screen's: refused, so arithmetic on it stays finite.
    public static let maxMM = 10_000.0

    /// Why `id` is no region id, or nil.
    public static func idProblem(_ id: String) -> String? {
        let n = id.utf8.count
        guard idBytes.contains(n) else { return "must be \(idBytes.lowerBound) to \(idBytes.upperBound) bytes, got \(n)" }
        if id.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "must not hold control characters" }
        return nil
    }
}

extension ContentYieldReason {
    /// The reasons a client may give; the others (`timeout`, `ownerGone`, `decided`) are the service's own.
    public static let answerable: [ContentYieldReason] = [.scroller, .ownSwipes, .scrolled, .page]
}
