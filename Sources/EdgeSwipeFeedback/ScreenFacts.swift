import EdgeSwipeControl
import TouchModel

/// What the feedback knows of the touchscreen it draws over: the service's published screens (docs/protocol.md,
/// "Connecting"), as the hello gave them and as they change after (the `screens` event, protocol 4, and the
/// `state` reply the feedback asks for once subscribed). Pure: the command hands it every line from the service.
public struct ScreenFacts: Sendable, Hashable {
    /// The output the touchscreen maps to (`--output`); nil: the first screen published.
    public let output: String?
    /// The screen as the user sees it, mm; nil until the service publishes one.
    public private(set) var screenSize: PhysicalSize?

    public init(output: String?) {
        self.output = output
    }

    /// Takes what `line` says of the screens; true when the screen size changed.
    public mutating func take(_ line: JSONValue) -> Bool {
        let published: JSONValue?
        switch line["type"] {
        case .string("hello")?, .string("screens")?: published = line
        case .string("reply")? where line["command"] == .string("state"): published = line["result"]
        default: published = nil
        }
        // No screen published (the last panel unplugged): the size is kept, no swipe comes without a panel.
        guard let published, let size = FeedbackLines.screenSize(published, output: output),
              size != screenSize else { return false }
        screenSize = size
        return true
    }
}
