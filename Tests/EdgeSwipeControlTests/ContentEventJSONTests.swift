import Foundation
import Gestures
import Testing
import TouchModel
import EdgeSwipeControl

/// Issue 37: content lines carry `"kind":"content"` after the type; edge lines carry no kind (byte-identical to
/// before, as the golden replays check on the whole corpus).
@Suite struct ContentEventJSONTests {
    @Test func contentLinesNameTheirKindAndEdgeLinesDoNot() {
        var began = GestureEvent(recognizer: "content-1", phase: .began, edge: .left, fingers: 1, time: 20_000,
                                 progress: 0.15625, translationMM: 10, velocityMMs: 0, startMM: Point(x: 40, y: 32),
                                 positionMM: Point(x: 50, y: 34), extentMM: 64)
        let edgeLine = EventJSON.gesture(began)
        #expect(!edgeLine.contains("kind"))
        began.kind = .content
        #expect(EventJSON.gesture(began) ==
                #"{"type":"gesture","kind":"content","phase":"began","edge":"left","fingers":1,"time":0.02,"recognizer":"content-1","progress":0.1563,"translationMM":10,"velocityMMs":0,"positionMM":{"x":50,"y":34},"armed":false,"progressCurve":"linear","extentMM":64,"startMM":{"x":40,"y":32}}"#)
        // The kind is the only difference.
        #expect(EventJSON.gesture(began).replacingOccurrences(of: #""kind":"content","#, with: "") == edgeLine)
    }

    @Test func contentFailuresHaveTheirOwnCodes() {
        var failed = GestureEvent(recognizer: "content-1", phase: .failed, edge: .right, fingers: 1, time: 0,
                                  startMM: Point(x: 80, y: 32), failureReason: .content(.yielded(.scrolled)))
        failed.kind = .content
        #expect(EventJSON.gesture(failed) ==
                #"{"type":"gesture","kind":"content","phase":"failed","edge":"right","fingers":1,"time":0,"recognizer":"content-1","startMM":{"x":80,"y":32},"reason":"yielded","detail":"the page yielded: scrolled"}"#)
        #expect(EventJSON.reasonCode(.content(.inEdgeBand(.left))) == "inEdgeBand")
        #expect(EventJSON.reasonCode(.content(.notInRegion)) == "notInContentRegion")
    }
}
