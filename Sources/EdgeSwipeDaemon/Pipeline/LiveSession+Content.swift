import Gestures
import TouchModel

/// The content back's calls into the live core (SessionCore+Content), each re-arming the timer after: an answer or
/// a region's change can move a deadline.
extension LiveSession {
    package var onContentQuery: ((ContentQuery, SourceID) -> Void)? {
        get { core.onContentQuery }
        set { core.onContentQuery = newValue }
    }

    package var onContentQueryTimedOut: ((UInt64, SourceID) -> Void)? {
        get { core.onContentQueryTimedOut }
        set { core.onContentQueryTimedOut = newValue }
    }

    package func setContentRegions(_ regions: [ContentRegion], now: Microseconds) {
        core.setContentRegions(regions, now: now)
        rearm()
    }

    package func contentAnswered(source: SourceID, seq: UInt64, _ answer: ContentAnswer, owner: Int, now: Microseconds) {
        core.contentAnswered(source: source, seq: seq, answer, owner: owner, now: now)
        rearm()
    }

    package func contentOwnerGone(_ owner: Int, now: Microseconds) {
        core.contentOwnerGone(owner, now: now)
        rearm()
    }

    /// The largest screen of the sources that run a content back (screen mm), for clipping a declared region.
    package var contentScreen: PhysicalSize? {
        let screens = core.sources.values.compactMap { $0.pipeline.content?.recognizer.transform.screenSize }
        guard let first = screens.first else { return nil }
        return screens.dropFirst().reduce(first) {
            PhysicalSize(widthMM: max($0.widthMM, $1.widthMM), heightMM: max($0.heightMM, $1.heightMM))
        }
    }
}
