import EdgeSwipeControl
import EdgeSwipeFeedback
import Foundation  // replacingOccurrences, for variants of one line
import Gestures
import Testing
import TouchModel

// Issue 33: numbers from the service that trapped `edgeswipe feedback` (SIGILL) in a conversion to an integer, and
// every other number of the lines it reads. A screen side is 10 to 5000 mm (PhysicalSize.minSideMM, maxSideMM); a
// frame time 0 to 1e9 s of CLOCK_MONOTONIC (31 years of uptime); a finger within 5000 mm of the screen's corner.

private func line(_ text: String) throws -> ServiceLine { ServiceLine(try JSONValue.decode(Array(text.utf8))) }

private let progressed = FeedbackLinesTests.progressed

@Suite struct WireNumberBoundsTests {
    @Test(arguments: ["0.3", "0.001", "1e-300", "9.99", "5000.5", "1e300"])
    func aScreenSideNoScreenHasIsNotTaken(_ side: String) throws {
        let wide = try line(#"{"type":"hello","screens":[{"widthMM":\#(side),"heightMM":150,"rotation":0,"output":null}]}"#)
        let high = try line(#"{"type":"hello","screens":[{"widthMM":150,"heightMM":\#(side),"rotation":0,"output":null}]}"#)
        #expect(FeedbackLines.screenSize(wide, output: nil) == nil)
        #expect(FeedbackLines.screenSize(high, output: nil) == nil)
    }

    @Test func theSmallestAndLargestScreensAreTaken() throws {
        let small = try line(#"{"type":"hello","screens":[{"widthMM":10,"heightMM":5000,"rotation":0,"output":null}]}"#)
        #expect(FeedbackLines.screenSize(small, output: nil) == PhysicalSize(widthMM: 10, heightMM: 5000))
    }

    @Test(arguments: ["1e300", "1e10", "-1", "-1e300"])
    func aFrameTimeOutsideTheClocksRangeDropsTheLine(_ time: String) throws {
        let text = progressed.replacingOccurrences(of: #""progress":0.123,"time":12.5"#, with: #""progress":0.123,"time":\#(time)"#)
        #expect(text != progressed)
        #expect(FeedbackLines.observation(try line(text)) == nil)
    }

    @Test func theLongestUptimeIsAFrameTime() throws {
        let text = progressed.replacingOccurrences(of: #""progress":0.123,"time":12.5"#, with: #""progress":0.123,"time":1e9"#)
        #expect(FeedbackLines.observation(try line(text))?.frameTime == Microseconds(1_000_000_000_000_000))
    }

    @Test(arguments: [#"{"x":1e300,"y":70.25}"#, #"{"x":31.5,"y":-1e300}"#, #"{"x":31.5,"y":5001}"#, #"{"x":-5001,"y":3}"#])
    func aFingerFarOffTheScreenDropsTheLine(_ position: String) throws {
        let text = progressed.replacingOccurrences(of: #"{"x":31.5,"y":70.25}"#, with: position)
        #expect(text != progressed)
        #expect(FeedbackLines.observation(try line(text)) == nil)
    }

    @Test(arguments: ["0.3", "1e-300", "1e300"])
    func aStartsExtentNoScreenHasDropsTheLine(_ extent: String) throws {
        let text = #"{"event":"started","gesture":{"armed":false,"edge":"right","extentMM":\#(extent),"phase":"began","#
            + #""positionMM":{"x":250,"y":40},"progress":0,"time":3,"type":"gesture"},"gestureId":1,"role":"observer","type":"back"}"#
        #expect(FeedbackLines.observation(try line(text)) == nil)
    }

    @Test(arguments: [0.3, 0.001, 1e-300, 1e300])
    func noExtentMakesAScreenNoScreenHas(_ extent: Double) {
        #expect(ScreenMapping.sizeFromExtent(extent, outputWidth: 640, outputHeight: 480) == nil)
    }

    /// A mapping made however (the service's size, the extent's, a compositor's odd mode): the strip is at most the
    /// output's width, the bulge inside the buffer, and every corner (the chevron's may stick out of an absurd
    /// mapping's bulge, clipped by pixman) within the 32 767 px pixman's 16.16 fixed point holds.
    @Test(arguments: [0.3, 0.001, 1e-300])
    func anyMappingGivesAPictureInsideItsBuffer(_ side: Double) {
        for screen in [PhysicalSize(widthMM: side, heightMM: 192), PhysicalSize(widthMM: 256, heightMM: side),
                       PhysicalSize(widthMM: side, heightMM: side)] {
            let g = ArrowGeometry(mapping: ScreenMapping(screen: screen, outputWidth: 640, outputHeight: 480), scale: 2)
            #expect(g.surfaceWidth >= 1 && g.surfaceWidth <= 640, "\(screen)")
            #expect(g.surfaceHeight == 480)
            for yMM in [0.0, 70, 1e6] {
                let p = g.picture(ArrowPose(side: .right, gestureID: 1, yMM: yMM, progress: 0.5, armed: false))
                for corner in p.body.flatMap({ [$0.a, $0.b, $0.c] }) {
                    #expect(corner.x >= -1e-9 && corner.x <= Double(g.bufferWidth) + 1e-9, "\(screen) \(corner)")
                    #expect(corner.y >= -1e-9 && corner.y <= Double(g.bufferHeight) + 1e-9, "\(screen) \(corner)")
                }
                for corner in p.chevron.flatMap({ [$0.a, $0.b, $0.c] }) {
                    #expect(abs(corner.x) <= 32_767 && abs(corner.y) <= 32_767, "\(screen) \(corner)")
                }
            }
        }
    }

    @Test func anOutputLargerThanPixmanReachesIsCut() {
        // 100 000 logical px at scale 16: far past the 32 767 px a 16.16 coordinate holds.
        let g = ArrowGeometry(mapping: ScreenMapping(screen: PhysicalSize(widthMM: 10, heightMM: 10), outputWidth: 100_000,
                                                     outputHeight: 100_000), scale: 16)
        #expect(g.bufferWidth <= ArrowGeometry.maxBufferSide && g.bufferHeight <= ArrowGeometry.maxBufferSide)
        #expect(g.bufferWidth > 0 && g.bufferHeight > 0)
    }

    @Test func secondsBeyondWhatMicrosecondsHoldSaturate() {
        #expect(Microseconds(seconds: 1e300) == Microseconds(UInt64.max))
        #expect(Microseconds(milliseconds: 1e300) == Microseconds(UInt64.max))
        #expect(Microseconds(seconds: 1e13) == Microseconds(10_000_000_000_000_000_000))
    }
}
