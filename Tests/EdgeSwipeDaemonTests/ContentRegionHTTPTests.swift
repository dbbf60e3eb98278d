import Foundation
import Testing
@testable import EdgeSwipeDaemon
import EdgeSwipeControl

/// Issue 37 part 2: content regions come from a kiosk page, so the HTTP bridge takes their commands, but only on
/// behalf of the page's event stream (the queries come on it and the regions go when it closes), as exclusions.
/// The harness's router has no content service behind it: a command that got through is answered `unavailable`.
@Suite(.serialized) struct ContentRegionHTTPTests {
    let exclusions = ExclusionProtocolTests()

    @Test func overHTTPContentCommandsNeedThePagesStream() throws {
        let h = try HTTPHarness(navigationStack: "home,inbox")
        defer { h.stop() }
        let commands = [
            #"{"command":"declareContentRegion","region":"list","rect":{"x":0,"y":0,"width":50,"height":50},"direction":"ltr"}"#,
            #"{"command":"withdrawContentRegion","region":"list"}"#,
            #"{"command":"contentAnswer","seq":1,"answer":"claim"}"#,
        ]
        let (page, id) = try exclusions.stream(h)
        for body in commands {
            let alone = try exclusions.post(h, body)
            #expect(alone.status == 400 && alone.bodyText.contains("name the page's event stream"), "\(alone.bodyText)")
            let onStream = try exclusions.post(h, body, stream: id)
            #expect(onStream.status == 503 && onStream.bodyText.contains("content regions are not served here"), "\(onStream.bodyText)")
        }
        _ = page
    }
}
