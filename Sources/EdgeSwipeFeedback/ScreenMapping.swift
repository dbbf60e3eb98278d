import TouchModel

/// From the screen's millimetres (the service's positions, as the user sees the screen) to the output's
/// logical pixels (the surface coordinates of a layer surface spanning the output): each axis scaled on its own,
/// the touchscreen being mapped over the whole output.
public struct ScreenMapping: Sendable, Hashable {
    /// The screen as the user sees it, mm.
    public var screen: PhysicalSize
    /// The output's logical size (after its transform and scale), px.
    public var outputWidth: Double
    public var outputHeight: Double

    public init(screen: PhysicalSize, outputWidth: Double, outputHeight: Double) {
        self.screen = screen
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
    }

    public var pxPerMMX: Double { outputWidth / screen.widthMM }
    public var pxPerMMY: Double { outputHeight / screen.heightMM }

    /// When the service publishes no screen size: the swipe's extent (the screen's width as seen, for a left or
    /// right edge) and the output's aspect give the height, the touchscreen covering the output. Nil when that is
    /// no screen's size (`PhysicalSize.isScreenSized`).
    public static func sizeFromExtent(_ extentMM: Double, outputWidth: Double, outputHeight: Double) -> PhysicalSize? {
        guard extentMM.isFinite, outputWidth > 0, outputHeight > 0 else { return nil }
        let size = PhysicalSize(widthMM: extentMM, heightMM: extentMM * outputHeight / outputWidth)
        return size.isScreenSized ? size : nil
    }
}
