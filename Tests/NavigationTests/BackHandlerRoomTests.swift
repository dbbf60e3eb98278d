import Gestures
import Navigation
import Testing
import TouchModel

/// Issue 33, item 3: every client has room for 16 back handlers that no other client can take, as each client has
/// its 16 exclusion rectangles (docs/protocol.md, "No total to fill"). One client on 16 connections (or 16 pages'
/// streams) holding 16 each no longer leaves a later client, `edgeswipe feedback` or the kit, without a handler.
@Suite struct BackHandlerRoomTests {
    /// 16 clients fill their room (256 handlers, the old total); a 17th client's observer and a 17th client's
    /// 16 handlers still register, and its observer is the one a swipe is shown to.
    @Test func sixteenFullClientsLeaveRoomForTheNext() throws {
        var registry = BackHandlerRegistry()
        for client in 1...16 {
            for _ in 0..<16 { _ = try registry.register(.overlay, edges: nil, client: BackClient(UInt64(client))) }
        }
        #expect(registry.handlers.count == 256)
        let feedback = BackClient(17)
        let observer = try registry.register(.observer, edges: [.left, .right], client: feedback)
        #expect(observer.id.rawValue == 257 && observer.client == feedback)
        for _ in 1..<16 { _ = try registry.register(.default, edges: nil, client: feedback) }
        #expect(registry.handlers.count == 272)
        // Its own room is still 16: the 17th of one client is refused, whoever else holds how many.
        #expect(throws: BackHandlerError.tooManyForClient(limit: 16)) {
            _ = try registry.register(.observer, edges: nil, client: feedback)
        }
        #expect(registry.newest(.observer, taking: .left) == observer)
        // A client that leaves frees its own room only; the others keep theirs.
        #expect(registry.removeAll(of: BackClient(1)).count == 16 && registry.handlers.count == 256)
        #expect(try registry.register(.observer, edges: nil, client: BackClient(1)).id.rawValue == 273)
    }
}
