import EdgeSwipeControl
import EdgeSwipeFeedback
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
