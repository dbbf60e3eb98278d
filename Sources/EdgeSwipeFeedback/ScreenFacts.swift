import EdgeSwipeControl
import TouchModel

/// What the feedback knows of the touchscreen it draws over: the service's published screens (docs/protocol.md,
/// "Connecting"), as the hello gave them and as they change after (the `screens` event, protocol 4, and the
/// `state` reply the feedback asks for once subscribed). Pure: SessionProgram hands it every line.
public struct ScreenFacts: Sendable, Hashable {
    /// The output the touchscreen maps to (`--output`); nil: the first screen published.
    public let output: String?
    /// The screen as the user sees it, mm; nil until the service publishes one.
    public private(set) var screenSize: PhysicalSize?
    /// Its edge bands as published (the band preview); empty until published.
    public private(set) var bands: [ServiceBand] = []

    public init(output: String?) {
        self.output = output
    }

    /// What a line did to the screen size.
    public enum Change: Sendable, Hashable {
        case changed
        /// Not a screens line, none published (the last panel unplugged: the size is kept, no swipe comes without
        /// a panel), or the same size.
        case unchanged
        /// Published, but with a side no screen has (issue 33: 0.3 mm trapped the arrow's drawing): kept out.
        case outOfRange(String)
    }

    /// Takes what `line` says of the screens.
    public mutating func take(_ line: ServiceLine) -> Change {
        guard let published = line.publishedScreens else { return .unchanged }
        switch FeedbackLines.screen(published, output: output) {
        case .none: return .unchanged
        case .outOfRange(let what): return .outOfRange(what)
        case .size(let size):
            let published = FeedbackLines.entry(published, output: output)?.bands ?? []
            guard size != screenSize || published != bands else { return .unchanged }
            screenSize = size
            bands = published
            return .changed
        }
    }
}
