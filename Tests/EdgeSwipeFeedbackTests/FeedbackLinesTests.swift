import EdgeSwipeControl
import Foundation  // replacingOccurrences, for variants of one line
import EdgeSwipeFeedback
import Gestures
import Testing
import TouchModel

// Lines in the shapes docs/protocol.md gives for observers ("Back handlers") and the published screens.

private func line(_ text: String) throws -> ServiceLine { ServiceLine(try JSONValue.decode(Array(text.utf8))) }

@Suite struct FeedbackLinesTests {
    static let progressed = #"{"event":"progressed","gesture":{"armed":false,"edge":"left","fingers":1,"phase":"changed","#
        + #""positionMM":{"x":31.5,"y":70.25},"progress":0.123,"time":12.5,"translationMM":31.5,"type":"gesture"},"#
        + #""gestureId":7,"handler":4,"role":"observer","time":12.5,"type":"back"}"#

    @Test func anObserversBackEventBecomesTheArrowsEvent() throws {
        let decoded = try #require(FeedbackLines.observation(line(Self.progressed)))
        #expect(decoded == BackObservation(kind: .progressed, gestureID: 7, edge: .left, progress: 0.123,
                                           positionMM: Point(x: 31.5, y: 70.25), armed: false, frameTime: 12_500_000))
    }

    @Test func everyCallbackKindIsRead() throws {
        for kind in BackObservation.Kind.allCases {
            let text = Self.progressed.replacingOccurrences(of: #""event":"progressed""#, with: #""event":"\#(kind.rawValue)""#)
            #expect(FeedbackLines.observation(try line(text))?.kind == kind)
        }
    }

    @Test func theStartCarriesTheExtentAndTheRightEdge() throws {
        let text = #"{"event":"started","gesture":{"armed":false,"edge":"right","extentMM":256,"phase":"began","#
            + #""positionMM":{"x":250,"y":40},"progress":0,"time":3,"type":"gesture"},"gestureId":1,"role":"observer","type":"back"}"#
        let o = try #require(FeedbackLines.observation(line(text)))
        #expect(o.edge == .right && o.extentMM == 256 && o.kind == .started && o.positionMM == Point(x: 250, y: 40))
    }

    @Test func otherLinesAreNotTheArrows() throws {
        let cases = [
            Self.progressed.replacingOccurrences(of: #""role":"observer""#, with: #""role":"target""#),
            Self.progressed.replacingOccurrences(of: #""edge":"left""#, with: #""edge":"top""#),
            Self.progressed.replacingOccurrences(of: #""event":"progressed""#, with: #""event":"wobbled""#),
            Self.progressed.replacingOccurrences(of: #""positionMM":{"x":31.5,"y":70.25},"#, with: ""),
            Self.progressed.replacingOccurrences(of: #""gestureId":7,"#, with: ""),
            #"{"type":"navigation","event":"backDispatched","gestureId":7}"#,
            #"{"command":"registerBackHandler","id":1,"result":{"handler":4},"type":"reply"}"#,
        ]
        for text in cases { #expect(FeedbackLines.observation(try line(text)) == nil, "\(text)") }
    }

    @Test func thePublishedScreenOfTheOutputElseTheFirst() throws {
        // Sizes as the user sees them (after rotation, docs/protocol.md "Connecting"): taken as they are.
        let hello = try line(#"{"type":"hello","protocol":2,"screens":[{"widthMM":70,"heightMM":150,"rotation":90,"output":"DSI-1"},"#
                             + #"{"widthMM":256,"heightMM":192,"rotation":0,"output":"HDMI-A-1"}]}"#)
        #expect(FeedbackLines.screenSize(hello, output: "HDMI-A-1") == PhysicalSize(widthMM: 256, heightMM: 192))
        #expect(FeedbackLines.screenSize(hello, output: "DSI-1") == PhysicalSize(widthMM: 70, heightMM: 150))
        #expect(FeedbackLines.screenSize(hello, output: nil) == PhysicalSize(widthMM: 70, heightMM: 150))
        #expect(FeedbackLines.screenSize(hello, output: "VGA-9") == PhysicalSize(widthMM: 70, heightMM: 150))
        let unnamed = try line(#"{"type":"hello","screens":[{"heightMM":232.64,"output":null,"rotation":0,"widthMM":145.36}]}"#)
        #expect(FeedbackLines.screenSize(unnamed, output: "DSI-1") == PhysicalSize(widthMM: 145.36, heightMM: 232.64))
        #expect(FeedbackLines.screenSize(try line(#"{"type":"hello","protocol":2,"screens":[]}"#), output: nil) == nil)
        #expect(FeedbackLines.screenSize(try line(#"{"type":"hello","protocol":2}"#), output: nil) == nil)
        #expect(FeedbackLines.screenSize(try line(#"{"screens":[{"widthMM":0,"heightMM":70}]}"#), output: nil) == nil)
    }
}
