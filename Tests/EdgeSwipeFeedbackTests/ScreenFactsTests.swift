import EdgeSwipeControl
import EdgeSwipeFeedback
import Gestures
import Testing
import TouchModel

private func line(_ text: String) throws -> ServiceLine { ServiceLine(try JSONValue.decode(Array(text.utf8))) }

/// Issue 33, item 8: the feedback follows the service's screens as they change (the `screens` event, protocol 4,
/// and the `state` reply it asks for after subscribing), not only the hello's.
@Suite struct ScreenFactsTests {
    static func screens(_ w: Double, _ h: Double, rotation: Int) -> String {
        #"[{"flipped":false,"heightMM":\#(h),"output":null,"rotation":\#(rotation),"widthMM":\#(w)}]"#
    }

    /// A 256 × 192 mm panel on a 480 × 360 px output, both turned 90°: the user sees 192 × 256 mm over 360 × 480
    /// logical px, 1.875 px per mm either way. The 16 mm arrow is 16 × 1.875 = 30 px high; a finger 128 mm down is
    /// 128 × 1.875 = 240 px down. With the hello's unturned 256 × 192 mm kept, the vertical scale is 480 / 192 =
    /// 2.5 px per mm: 40 px high, centred at 320 px, 80 px off the finger.
    @Test func theArrowAfterTheOutputTurnsIsUnderTheFingerAndThirtyPixelsHigh() throws {
        var facts = ScreenFacts(output: nil)
        #expect(facts.take(try line(#"{"type":"hello","protocol":4,"screens":\#(Self.screens(256, 192, rotation: 0))}"#)) == .changed)
        #expect(facts.take(try line(#"{"type":"screens","time":12.5,"screens":\#(Self.screens(192, 256, rotation: 90))}"#)) == .changed)
        let size = try #require(facts.screenSize)
        #expect(size == PhysicalSize(widthMM: 192, heightMM: 256))
        let g = ArrowGeometry(mapping: ScreenMapping(screen: size, outputWidth: 360, outputHeight: 480), scale: 1)
        let picture = g.picture(ArrowPose(side: .left, gestureID: 1, yMM: 128, progress: 0.5, armed: false))
        #expect(abs(picture.centreY - 240) < 1e-9)
        let ys = picture.body.flatMap { [$0.a.y, $0.b.y, $0.c.y] }
        #expect(abs((ys.max()! - ys.min()!) - 30) < 1e-9, "the bulge's height")
        // At progress 0.5 the bulge reaches 12 mm: 12 × 1.875 = 22.5 px; the strip is 22.5 rounded up, 23 px.
        #expect(abs(picture.reach - 22.5) < 1e-9 && g.surfaceWidth == 23)
    }

    /// The state reply the feedback asks for after subscribing carries the screens as they are then.
    @Test func theStateReplysScreensAreTaken() throws {
        var facts = ScreenFacts(output: nil)
        #expect(facts.take(try line(#"{"type":"reply","command":"state","id":3,"result":{"screens":\#(Self.screens(192, 256, rotation: 90))}}"#)) == .changed)
        #expect(facts.screenSize == PhysicalSize(widthMM: 192, heightMM: 256))
        #expect(facts.take(try line(#"{"type":"screens","time":13,"screens":\#(Self.screens(192, 256, rotation: 90))}"#)) == .unchanged, "unchanged")
    }

    /// A panel plugged in after the feedback connected: the hello had none (`[]`), the event brings its size
    /// (a 16:9 panel, 344 × 194 mm), which then wins over the size a swipe's extent gave meanwhile.
    @Test func aPanelPluggedInLaterIsTaken() throws {
        var facts = ScreenFacts(output: nil)
        #expect(facts.take(try line(#"{"type":"hello","protocol":4,"screens":[]}"#)) == .unchanged)
        #expect(facts.screenSize == nil)
        #expect(facts.take(try line(#"{"type":"screens","time":20,"screens":\#(Self.screens(344, 194, rotation: 0))}"#)) == .changed)
        #expect(facts.screenSize == PhysicalSize(widthMM: 344, heightMM: 194))
        // The last panel unplugged: the size is kept (no swipe can come without a panel).
        #expect(facts.take(try line(#"{"type":"screens","time":21,"screens":[]}"#)) == .unchanged)
        #expect(facts.screenSize == PhysicalSize(widthMM: 344, heightMM: 194))
    }
}

/// Issue 38 item 4, the band preview: the bands a screen publishes, where feedback draws them, and what changes
/// them. A 160 × 100 mm screen on a 1600 × 1000 px output: 10 px per mm both ways.
@Suite struct BandPreviewTests {
    static let mapping = ScreenMapping(screen: PhysicalSize(widthMM: 160, heightMM: 100), outputWidth: 1600, outputHeight: 1000)

    @Test func eachBandIsItsWidthInMMAcrossItsEdgeInPixels() {
        let strips = BandStrip.strips([ServiceBand(edge: .right, widthMM: 7.5), ServiceBand(edge: .left, widthMM: 5),
                                       ServiceBand(edge: .bottom, widthMM: 3.25)], mapping: Self.mapping)
        // In Edge's order (left, right, top, bottom): 5 mm = 50 px, 7.5 mm = 75 px, 3.25 mm = 32.5 → 33 px (nearest).
        #expect(strips.map(\.edge) == [.left, .right, .bottom])
        #expect(strips.map(\.thickness) == [50, 75, 33])
        // A stretched mapping: x and y scale apart (20 px/mm across, 5 px/mm down).
        let stretched = ScreenMapping(screen: PhysicalSize(widthMM: 80, heightMM: 200), outputWidth: 1600, outputHeight: 1000)
        #expect(BandStrip.strips([ServiceBand(edge: .left, widthMM: 5), ServiceBand(edge: .top, widthMM: 5)], mapping: stretched).map(\.thickness) == [100, 25])
    }

    @Test func oddWidthsAreBoundedAndTheWidestOfAnEdgeIsDrawn() {
        let strips = BandStrip.strips([ServiceBand(edge: .left, widthMM: 0.01), ServiceBand(edge: .right, widthMM: 1e9),
                                       ServiceBand(edge: .top, widthMM: .nan), ServiceBand(edge: .bottom, widthMM: -3),
                                       ServiceBand(edge: .left, widthMM: 0.02)], mapping: Self.mapping)
        // 0.02 mm is 0.2 px: at least 1 px; 1e9 mm at most the output's width; NaN and negative widths are no band.
        #expect(strips.map(\.edge) == [.left, .right])
        #expect(strips.map(\.thickness) == [1, 1600])
        #expect(strips.first?.widthMM == 0.02)
    }

    @Test func theScreensBandsAreTakenAndAChangeOfThemIsAChange() throws {
        var facts = ScreenFacts(output: nil)
        func event(_ band: String) throws -> ServiceLine {
            try line(#"{"type":"screens","time":1,"screens":[{"flipped":false,"heightMM":100,"output":null,"rotation":0,"widthMM":160,"bands":[\#(band)]}]}"#)
        }
        #expect(facts.take(try event(#"{"edge":"left","widthMM":5}"#)) == .changed)
        #expect(facts.bands == [ServiceBand(edge: .left, widthMM: 5)])
        // The same size, a wider band (a reload): a change.
        #expect(facts.take(try event(#"{"edge":"left","widthMM":9}"#)) == .changed)
        #expect(facts.bands == [ServiceBand(edge: .left, widthMM: 9)])
        #expect(facts.take(try event(#"{"edge":"left","widthMM":9}"#)) == .unchanged)
        // Entries not of the shape are left out; the rest is taken.
        #expect(facts.take(try event(#"{"edge":"up","widthMM":3},{"edge":"right","widthMM":0},{"edge":"top","widthMM":"4"},{"edge":"right","widthMM":6}"#)) == .changed)
        #expect(facts.bands == [ServiceBand(edge: .right, widthMM: 6)])
    }
}
