import Gestures
import TouchModel
import EdgeSwipeControl

/// The service's queries out (issue 37): its own seq for each, unique across touch surfaces (each handshake
/// numbers its queries from 1), and the surface and handshake seq it stands for. Bounded as the handler's table.
struct ContentQueryTable {
    private(set) var entries: [(seq: UInt64, source: SourceID, local: UInt64)] = []
    private var last: UInt64 = 0

    mutating func issue(source: SourceID, local: UInt64) -> UInt64 {
        last += 1
        if entries.count >= ContentCommandHandler.maxOutstanding { entries.removeFirst() }
        entries.append((last, source, local))
        return last
    }

    /// The surface's query, taken out.
    mutating func take(_ seq: UInt64) -> (source: SourceID, local: UInt64)? {
        guard let k = entries.firstIndex(where: { $0.seq == seq }) else { return nil }
        defer { entries.remove(at: k) }
        return (entries[k].source, entries[k].local)
    }

    /// The service's seq of a surface's query, taken out.
    mutating func take(source: SourceID, local: UInt64) -> UInt64? {
        guard let k = entries.firstIndex(where: { $0.source == source && $0.local == local }) else { return nil }
        defer { entries.remove(at: k) }
        return entries[k].seq
    }
}

/// The content back's part of the service: the clients' regions to the sources' content recognizers, their
/// queries out to the region's owner (on its socket connection or HTTP event stream), the answers back in.
extension EdgeSwipeService: ServiceContent {
    func startContent() {
        commands.content.target = self  // weak
        let log = self.log
        commands.content.logSink = LogSink(minimum: .info) { level, line in log.log(level, line) }
        session.onContentQuery = { [unowned self] query, source in self.ask(query, from: source) }
        session.onContentQueryTimedOut = { [unowned self] local, source in
            if let seq = self.contentQueries.take(source: source, local: local) { self.commands.content.queryDecided(seq: seq) }
        }
    }

    private func ask(_ query: ContentQuery, from source: SourceID) {
        let seq = contentQueries.issue(source: source, local: query.seq)
        let owner = ControlClientID(rawValue: UInt64(query.owner))
        commands.content.queryIssued(seq: seq, to: owner)
        var event = ControlEvent(eventClass: .back, object: [:])
        event.line = ContentQueryJSON.line(seq: seq, region: query.region, positionMM: query.positionMM, direction: query.direction)
        event.recipient = owner
        runtime.publish(event)
    }

    package func contentScreen() -> PhysicalSize? { session.contentScreen }

    package func contentRegionsChanged(_ regions: [ContentRegion], now: Microseconds) {
        session.setContentRegions(regions, now: now)
    }

    package func contentAnswered(seq: UInt64, _ answer: ContentAnswer, from client: ControlClientID, now: Microseconds) {
        guard let (source, local) = contentQueries.take(seq) else { return }
        session.contentAnswered(source: source, seq: local, answer, owner: Int(clamping: client.rawValue), now: now)
    }

    package func contentOwnerGone(_ client: ControlClientID, now: Microseconds) {
        session.contentOwnerGone(Int(clamping: client.rawValue), now: now)
    }
}
