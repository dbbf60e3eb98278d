import EdgeSwipeFeedback
import Testing
import TouchModel

// The VM's screen: a 256 x 192 mm touchscreen over a 640 x 480 output, 2.5 px/mm on both axes. With the standard
// style (16 mm high, reach 4 mm at progress 0 to 12 mm at 0.5): 40 px high, 10 to 30 px out; the strip is 30 px.

private let vm = ScreenMapping(screen: PhysicalSize(widthMM: 256, heightMM: 192), outputWidth: 640, outputHeight: 480)

/// The smallest box holding every corner of the triangles: (minX, minY, maxX, maxY).
private func box(_ triangles: [Triangle]) -> (Double, Double, Double, Double) {
    let points = triangles.flatMap { [$0.a, $0.b, $0.c] }
    return (points.map(\.x).min()!, points.map(\.y).min()!, points.map(\.x).max()!, points.map(\.y).max()!)
}

private func close(_ a: (Double, Double, Double, Double), _ b: (Double, Double, Double, Double)) -> Bool {
    abs(a.0 - b.0) < 1e-9 && abs(a.1 - b.1) < 1e-9 && abs(a.2 - b.2) < 1e-9 && abs(a.3 - b.3) < 1e-9
}

@Suite struct ArrowGeometryTests {
    @Test func theStripIsTheLargestReachByTheOutputsHeight() {
        let g = ArrowGeometry(mapping: vm, scale: 1)
        #expect((g.surfaceWidth, g.surfaceHeight) == (30, 480))
        let hi = ArrowGeometry(mapping: vm, scale: 2)
        #expect((hi.bufferWidth, hi.bufferHeight) == (60, 960))
    }

    @Test func theBulgeIsAtTheFingersHeightAndGrowsWithProgress() {
        let g = ArrowGeometry(mapping: vm, scale: 1)
        // y 70 mm = 175 px; progress 0.25 is half of the full 0.5: 4 + 8 / 2 = 8 mm = 20 px out.
        let p = g.picture(ArrowPose(side: .left, gestureID: 1, yMM: 70, progress: 0.25, armed: false))
        #expect(close(box(p.body), (0, 155, 20, 195)))
        #expect(p.centreY == 175)
        for (progress, reach) in [(0.0, 10.0), (0.5, 30.0), (0.9, 30.0), (-1.0, 10.0)] {
            let q = g.picture(ArrowPose(side: .left, gestureID: 1, yMM: 70, progress: progress, armed: false))
            #expect(abs(box(q.body).2 - reach) < 1e-9, "progress \(progress)")
        }
    }

    @Test func theChevronSitsInsideTheBulge() {
        let g = ArrowGeometry(mapping: vm, scale: 1)
        let p = g.picture(ArrowPose(side: .left, gestureID: 1, yMM: 70, progress: 0.5, armed: false))
        let (x0, y0, x1, y1) = box(p.chevron)
        // Reach 30 px, half height 20: the "<" has its tip at (15 - 4, 175) and its ends at (19, 175 -+ 8), bars at
        // 45 degrees 3.2 px thick, so each end's outer corner sticks out 1.6 / sqrt(2) px on both axes.
        let out = 1.6 / 2.0.squareRoot()
        #expect(close((x0, y0, x1, y1), (11 - out, 167 - out, 19 + out, 183 + out)))
    }

    @Test func theRightEdgeIsTheMirrorImage() {
        let g = ArrowGeometry(mapping: vm, scale: 1)
        let p = g.picture(ArrowPose(side: .right, gestureID: 1, yMM: 70, progress: 0.25, armed: false))
        #expect(close(box(p.body), (10, 155, 30, 195)))
    }

    @Test func theOutputScaleMultipliesEveryCoordinate() {
        let g = ArrowGeometry(mapping: vm, scale: 2)
        let p = g.picture(ArrowPose(side: .left, gestureID: 1, yMM: 70, progress: 0.25, armed: false))
        #expect(close(box(p.body), (0, 310, 40, 390)))
    }

    @Test func theBulgeStaysOnTheOutputNearItsEnds() {
        let g = ArrowGeometry(mapping: vm, scale: 1)
        let top = g.picture(ArrowPose(side: .left, gestureID: 1, yMM: 2, progress: 0, armed: false))
        #expect(close(box(top.body), (0, 0, 10, 40)))
        let bottom = g.picture(ArrowPose(side: .left, gestureID: 1, yMM: 191, progress: 0, armed: false))
        #expect(close(box(bottom.body), (0, 440, 10, 480)))
    }

    @Test func armedLooksDifferentAndLeavingFades() {
        let g = ArrowGeometry(mapping: vm, scale: 1)
        let style = ArrowStyle.standard
        let armed = g.picture(ArrowPose(side: .left, gestureID: 1, yMM: 70, progress: 0.6, armed: true))
        #expect(armed.bodyColour == style.armedBody && armed.chevronColour == style.armedChevron)
        #expect(style.armedBody != style.body)
        let leaving = g.picture(ArrowPose(side: .left, gestureID: 1, yMM: 70, progress: 0.6, armed: false, presence: 0.5))
        #expect(abs(leaving.bodyColour.alpha - style.body.alpha / 2) < 1e-12)
        #expect(abs(box(leaving.body).2 - 15) < 1e-9)   // 30 px out, half present
    }

    @Test func coloursArePremultipliedForPixman() {
        let c = ARGB(alpha: 0.5, red: 1, green: 0.5, blue: 0).premultiplied16
        // 0.5 * 65535 = 32767.5 rounds to 32768; 0.25 * 65535 = 16383.75 to 16384.
        #expect(c.red == 32768 && c.green == 16384 && c.blue == 0 && c.alpha == 32768)
    }
}
