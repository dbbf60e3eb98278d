import EdgeSwipeFeedback
import Testing
import TouchModel

@Suite struct ScreenMappingTests {
    @Test func eachAxisIsScaledOnItsOwn() {
        let m = ScreenMapping(screen: PhysicalSize(widthMM: 300, heightMM: 200), outputWidth: 1920, outputHeight: 1080)
        #expect(m.pxPerMMX == 6.4 && m.pxPerMMY == 5.4)
    }

    @Test func withoutAPublishedSizeTheExtentAndTheOutputsAspectGiveIt() {
        #expect(ScreenMapping.sizeFromExtent(256, outputWidth: 640, outputHeight: 480) == PhysicalSize(widthMM: 256, heightMM: 192))
        #expect(ScreenMapping.sizeFromExtent(0, outputWidth: 640, outputHeight: 480) == nil)
        #expect(ScreenMapping.sizeFromExtent(256, outputWidth: 0, outputHeight: 480) == nil)
    }
}

@Suite struct ReconnectBackoffTests {
    @Test func doublesToItsLimitAndStartsOverAfterAConnection() {
        var b = ReconnectBackoff(first: 100_000, limit: 5_000_000)
        let delays = (0..<8).map { _ in b.delay().rawValue }
        #expect(delays == [100_000, 200_000, 400_000, 800_000, 1_600_000, 3_200_000, 5_000_000, 5_000_000])
        b.reset()
        #expect(b.delay() == 100_000)
    }
}
