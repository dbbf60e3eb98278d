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
