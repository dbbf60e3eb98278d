import EdgeSwipeControl
import Synchronization
import Gestures
import Testing
import TouchModel
@testable import EdgeSwipeDaemon

/// Issue 37 part 2, the service's bounds on content regions (ContentCommandHandler through ControlRouter, as the
/// socket and HTTP both reach it): 16 regions per client and a 17th refused with the reason, a region larger than
/// the screen clipped (said in the reply) or refused when nothing of it is on it, an answer for another client's
/// query refused, a flood of answers for no query counted and dropped with one log line, and a client that goes
/// away taking its regions (and a query out to it: owner gone). The screen is 300 x 200 mm.
@Suite struct ContentCommandHandlerTests {
    final class FakeService: ServiceContent {
        var screen: PhysicalSize? = PhysicalSize(widthMM: 300, heightMM: 200)
        var regions: [[ContentRegion]] = []
        var answers: [(UInt64, ContentAnswer, ControlClientID)] = []
        var ownersGone: [ControlClientID] = []
        func contentScreen() -> PhysicalSize? { screen }
        func contentRegionsChanged(_ regions: [ContentRegion], now: Microseconds) { self.regions.append(regions) }
        func contentAnswered(seq: UInt64, _ answer: ContentAnswer, from client: ControlClientID, now: Microseconds) {
            answers.append((seq, answer, client))
        }
        func contentOwnerGone(_ client: ControlClientID, now: Microseconds) { ownersGone.append(client) }
    }

    let service = FakeService()
    let router: ControlRouter
    let a = ControlClientID(rawValue: 1), b = ControlClientID(rawValue: 2)

    init() {
        router = ControlRouter(navigation: nil)
        router.content.target = service
    }

    func declare(_ id: String, x: Double = 10, y: Double = 10, width: Double = 100, height: Double = 50,
                 from client: ControlClientID) -> Result<JSONValue, ControlError> {
        router.handle(.declareContentRegion(ContentRegionDeclaration(id: ContentRegionID(id), rectMM: ContentRect(x: x, y: y, widthMM: width, heightMM: height),
                                                                     direction: .ltr)), from: client, now: 1000)
    }

    @Test func aRegionOnTheScreenIsKeptAsGivenAndReachesTheRecognizers() throws {
        let result = try declare("list", from: a).get()
        #expect(result["clipped"] == .bool(false) && result["regions"] == .integer(1) && result["region"] == .string("list"))
        #expect(result["rect"] == .object(["x": .number(10), "y": .number(10), "width": .number(100), "height": .number(50)]))
        #expect(service.regions.last == [ContentRegion(id: "list", rectMM: ContentRect(x: 10, y: 10, widthMM: 100, heightMM: 50),
                                                       direction: .ltr, owner: 1)])
    }

    @Test func theSeventeenthRegionOfAClientIsRefusedWithTheReason() throws {
        for k in 1...16 { _ = try declare("r\(k)", from: a).get() }
        guard case .failure(let e) = declare("r17", from: a) else { Issue.record("a 17th was declared"); return }
        #expect(e.code == .refused)
        #expect(e.message == #"declareContentRegion: this client has 16 content regions, the most one client may hold; withdraw one first (region "r17" not declared)"#)
        // Replacing one it holds is no new region; another client has 16 of its own.
        #expect(try declare("r3", x: 0, from: a).get()["regions"] == .integer(16))
        #expect(try declare("r17", from: b).get()["regions"] == .integer(1))
        #expect(service.regions.last?.count == 17)
        // Withdrawing one makes room.
        _ = try router.handle(.withdrawContentRegion("r1"), from: a, now: 2000).get()
        #expect(try declare("r17", from: a).get()["regions"] == .integer(16))
    }

    @Test func aRegionLargerThanTheScreenIsClippedToItAndTheReplySaysSo() throws {
        // x -20 to 380 and y 150 to 450 on a 300 x 200 screen: x 0 to 300, y 150 to 200.
        let result = try declare("wide", x: -20, y: 150, width: 400, height: 300, from: a).get()
        #expect(result["clipped"] == .bool(true))
        #expect(result["rect"] == .object(["x": .number(0), "y": .number(150), "width": .number(300), "height": .number(50)]))
        #expect(service.regions.last?.first?.rectMM == ContentRect(x: 0, y: 150, widthMM: 300, heightMM: 50))
    }

    @Test func aRegionWithNothingOnTheScreenIsRefused() {
        // Starts at the right side (x 300): empty after clipping. So is one wholly above the top.
        for (x, y) in [(300.0, 10.0), (10.0, -60.0)] {
            guard case .failure(let e) = declare("off", x: x, y: y, width: 40, height: 50, from: a) else { Issue.record("declared at \(x), \(y)"); continue }
            #expect(e.code == .refused && e.message.contains("has nothing on the 300 x 200 mm screen"), "\(e.message)")
        }
        #expect(service.regions.isEmpty)
    }

    @Test func withdrawingARegionTheClientDoesNotHoldIsNamed() throws {
        _ = try declare("mine", from: a).get()
        guard case .failure(let e) = router.handle(.withdrawContentRegion("mine"), from: b, now: 0) else { Issue.record("withdrawn by b"); return }
        #expect(e.code == .badArguments && e.message == #"withdrawContentRegion: this client has no content region "mine""#)
        #expect(try router.handle(.withdrawContentRegion("mine"), from: a, now: 0).get()["regions"] == .integer(0))
        #expect(service.regions.last == [])
    }

    @Test func anAnswerForAnotherClientsQueryIsRefusedAndTheOwnersTaken() throws {
        _ = try declare("list", from: a).get()
        router.content.queryIssued(seq: 5, to: a)
        guard case .failure(let e) = router.handle(.contentAnswer(seq: 5, .claim), from: b, now: 0) else { Issue.record("taken from b"); return }
        #expect(e.code == .refused && e.message == "contentAnswer: seq 5 was asked of another client, the owner of its region")
        #expect(service.answers.isEmpty)
        #expect(try router.handle(.contentAnswer(seq: 5, .yield(.scroller)), from: a, now: 0).get()["taken"] == .bool(true))
        #expect(service.answers.count == 1 && service.answers[0].0 == 5 && service.answers[0].1 == .yield(.scroller) && service.answers[0].2 == a)
    }

    @Test func aFloodOfAnswersIsCountedAndDroppedWithOneLogLine() throws {
        let logged = Mutex<[String]>([])
        router.content.logSink = LogSink { _, line in logged.withLock { $0.append(line) } }
        router.content.queryIssued(seq: 1, to: a)
        _ = try router.handle(.contentAnswer(seq: 1, .claim), from: a, now: 0).get()
        // The same seq again (a duplicate), then 1000 made-up ones: none reaches the service.
        for k in 0...1000 {
            let r = try router.handle(.contentAnswer(seq: UInt64(1 + k), .claim), from: a, now: 0).get()
            #expect(r["taken"] == .bool(false) && r["dropped"] == .integer(Int64(k + 1)))
        }
        #expect(service.answers.count == 1)
        #expect(router.content.droppedAnswers[a] == 1001)
        let lines = logged.withLock { $0 }
        #expect(lines.count == 1 && lines[0].hasPrefix("contentAnswer from client 1 for seq 1, which no query out has"))
    }

    @Test func theQueriesOutAreBounded() {
        for k in 1...100 { router.content.queryIssued(seq: UInt64(k), to: a) }
        #expect(router.content.outstanding.count == ContentCommandHandler.maxOutstanding)
        #expect(router.content.outstanding.first?.seq == 69)
    }

    @Test func aDecidedQueryTakesNoAnswer() throws {
        router.content.queryIssued(seq: 3, to: a)
        router.content.queryDecided(seq: 3)
        #expect(try router.handle(.contentAnswer(seq: 3, .claim), from: a, now: 0).get()["taken"] == .bool(false))
        #expect(service.answers.isEmpty)
    }

    @Test func aClientThatGoesAwayTakesItsRegionsAndItsQuery() throws {
        _ = try declare("a1", from: a).get()
        _ = try declare("b1", from: b).get()
        router.content.queryIssued(seq: 9, to: a)
        router.clientDisconnected(a, now: 5000)
        #expect(service.ownersGone == [a])
        #expect(service.regions.last?.map(\.id) == ["b1"])
        #expect(router.content.outstanding.isEmpty)
        // A client with nothing set changes nothing when it goes.
        let changes = service.regions.count
        router.clientDisconnected(ControlClientID(rawValue: 7), now: 6000)
        #expect(service.regions.count == changes && service.ownersGone == [a])
    }

    @Test func withoutTheServiceTheCommandsAreUnavailable() {
        let bare = ControlRouter(navigation: nil)
        guard case .failure(let e) = bare.handle(.withdrawContentRegion("x"), from: a, now: 0) else { Issue.record("answered"); return }
        #expect(e.code == .unavailable && e.message == "withdrawContentRegion: content regions are not served here")
    }
}
