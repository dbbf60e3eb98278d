import Gestures
import TouchModel
import EdgeSwipeControl

/// What the service's content recognizers are told (issue 37): the regions, and the answers to the queries it sent.
package protocol ServiceContent: AnyObject {
    /// The screen regions are clipped to (screen mm; nil: no touchscreen yet).
    func contentScreen() -> PhysicalSize?
    /// Every client's regions, after any change.
    func contentRegionsChanged(_ regions: [ContentRegion], now: Microseconds)
    /// The owner answered the query it was sent.
    func contentAnswered(seq: UInt64, _ answer: ContentAnswer, from client: ControlClientID, now: Microseconds)
    /// The client went away while a query was out to it: its pan is the page's (the handshake's ownerGone).
    func contentOwnerGone(_ client: ControlClientID, now: Microseconds)
}

/// The content family of control commands: declareContentRegion, withdrawContentRegion and contentAnswer.
/// It keeps the clients' regions (ContentRegionBook, with its bounds) and the queries out, so that an answer is
/// passed on only from the client asked, once: an answer naming another client's query is refused; one naming no
/// query out (late, a duplicate, made up, a flood) is counted and dropped, said once per client. Without a target
/// (a replay, tests without the service) answered `unavailable`. Loop thread only.
package final class ContentCommandHandler {
    /// Weak: the service holds its router, which holds this.
    package weak var target: (any ServiceContent)?
    /// Where the one line per flooding client goes.
    package var logSink: LogSink?
    package private(set) var book = ContentRegionBook()
    /// The queries out: the service's seq → the client asked. At most `maxOutstanding`: the oldest goes first
    /// (a query lives one answer wait, so more than a few at once is a bug elsewhere, never a reason to grow).
    package private(set) var outstanding: [(seq: UInt64, client: ControlClientID)] = []
    package static let maxOutstanding = 32
    /// Answers dropped per client (no query out by that seq), for `state` and the log.
    package private(set) var droppedAnswers: [ControlClientID: Int] = [:]

    package init(target: (any ServiceContent)? = nil) {
        self.target = target
    }

    package func handle(_ command: ContentCommand, from client: ControlClientID, now: Microseconds) -> Result<JSONValue, ControlError> {
        guard let target else {
            let name = ControlCommand(command).name
            return .failure(ControlError(.unavailable, "\(name): content regions are not served here"))
        }
        switch command {
        case .declare(let d):
            switch book.declare(d, from: client, screen: target.contentScreen()) {
            case .failure(let e): return .failure(e)
            case .success(let declared):
                target.contentRegionsChanged(book.all, now: now)
                return .success(Self.json(declared))
            }
        case .withdraw(let id):
            guard book.withdraw(id, of: client) else {
                return .failure(ControlError(.badArguments, "withdrawContentRegion: this client has no content region \"\(id)\""))
            }
            target.contentRegionsChanged(book.all, now: now)
            return .success(.object(["region": .string(id.name), "regions": .integer(Int64(book.regions[client]?.count ?? 0))]))
        case .answer(let seq, let answer):
            guard let k = outstanding.firstIndex(where: { $0.seq == seq }) else {
                let dropped = (droppedAnswers[client] ?? 0) + 1
                droppedAnswers[client] = dropped
                if dropped == 1 {
                    logSink?(.warning, "contentAnswer from \(client) for seq \(seq), which no query out has (late, a duplicate or "
                             + "never asked): dropped; further ones from it are counted, not logged")
                }
                return .success(.object(["seq": .integer(Int64(clamping: seq)), "taken": .bool(false),
                                         "dropped": .integer(Int64(dropped))]))
            }
            guard outstanding[k].client == client else {
                return .failure(ControlError(.refused, "contentAnswer: seq \(seq) was asked of another client, the owner of its region"))
            }
            outstanding.remove(at: k)
            target.contentAnswered(seq: seq, answer, from: client, now: now)
            return .success(.object(["seq": .integer(Int64(clamping: seq)), "taken": .bool(true)]))
        }
    }

    /// The service sent query `seq` to `client`.
    package func queryIssued(seq: UInt64, to client: ControlClientID) {
        if outstanding.count >= Self.maxOutstanding { outstanding.removeFirst() }
        outstanding.append((seq, client))
    }

    /// Query `seq` was decided without its answer (its deadline, its pan gone): a later answer is dropped.
    package func queryDecided(seq: UInt64) {
        outstanding.removeAll { $0.seq == seq }
    }

    /// The client's regions go; a query out to it is decided as its owner gone.
    package func clientDisconnected(_ client: ControlClientID, now: Microseconds) {
        droppedAnswers[client] = nil
        let asked = outstanding.contains { $0.client == client }
        outstanding.removeAll { $0.client == client }
        let had = book.forget(client)
        guard let target else { return }
        if asked { target.contentOwnerGone(client, now: now) }
        if had { target.contentRegionsChanged(book.all, now: now) }
    }

    /// `{"region":id,"rect":{x,y,width,height},"direction":..,"clipped":bool,"regions":n}`: the region as kept.
    static func json(_ d: ContentRegionBook.Declared) -> JSONValue {
        let r = d.region.rectMM
        return .object(["region": .string(d.region.id.name), "direction": .string(d.region.direction.rawValue),
                        "rect": .object(["x": .number(r.x), "y": .number(r.y), "width": .number(r.widthMM), "height": .number(r.heightMM)]),
                        "clipped": .bool(d.clipped), "regions": .integer(Int64(d.count))])
    }
}

extension ControlCommand {
    init(_ c: ContentCommand) {
        switch c {
        case .declare(let d): self = .declareContentRegion(d)
        case .withdraw(let id): self = .withdrawContentRegion(id)
        case .answer(let seq, let a): self = .contentAnswer(seq: seq, a)
        }
    }
}
