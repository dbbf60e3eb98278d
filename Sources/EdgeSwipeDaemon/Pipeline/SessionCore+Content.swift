import Gestures
import TouchModel

/// Issue 37's content back through the session core: the clients' regions to every source that runs one, the
/// queries its handshake makes out (`onContentQuery`), and the answers, the owner's going and the regions' changes
/// in, each at its time after what is due fired first, as every other step. What they cause goes the edge back's
/// way (`deliver`): the same dispatcher, targets and predictive stream, each line with `"kind":"content"`.
extension SessionCore {
    /// The sources that run a content back, in id order.
    private var contentSources: [SessionSource] {
        sources.values.filter { $0.pipeline.content != nil }.sorted { $0.id < $1.id }
    }

    /// Every client's regions now (screen mm): each source keeps those on its screen, clipped to it.
    func setContentRegions(_ regions: [ContentRegion], now: Microseconds) {
        fire(upTo: now)
        contentRegions = regions
        for source in contentSources {
            guard let content = source.pipeline.content else { continue }
            deliver(content.setRegions(regions, now: now), from: source)
            refresh(source)
        }
    }

    /// The owner's answer to the query `seq` of `source`'s handshake.
    func contentAnswered(source id: SourceID, seq: UInt64, _ answer: ContentAnswer, owner: Int, now: Microseconds) {
        fire(upTo: now)
        guard let source = sources[id], let content = source.pipeline.content else { return }
        deliver(content.answer(seq: seq, answer, from: owner, now: now), from: source)
        refresh(source)
    }

    /// The client went away: a query out to it yields, its regions go, a back it began is cancelled.
    func contentOwnerGone(_ owner: Int, now: Microseconds) {
        fire(upTo: now)
        for source in contentSources {
            guard let content = source.pipeline.content else { continue }
            deliver(content.ownerGone(owner, now: now), from: source)
            refresh(source)
        }
    }

    /// A source just added or set up again (no finger down: its settings wait for the lift) takes the regions.
    func applyContentRegions(_ source: SessionSource) {
        guard let content = source.pipeline.content, !contentRegions.isEmpty else { return }
        _ = content.setRegions(contentRegions, now: 0)
    }

    /// A source just added: its queries and timed-out seqs go out named by it (also after a reload turns its
    /// content back on), and it takes the regions.
    func attachContent(_ source: SessionSource) {
        let id = source.id
        source.pipeline.onContentQuery = { [unowned self] q in self.onContentQuery?(q, id) }
        source.pipeline.onContentTimedOut = { [unowned self] seq in self.onContentQueryTimedOut?(seq, id) }
        applyContentRegions(source)
        updateFrameObservers()
    }
}
