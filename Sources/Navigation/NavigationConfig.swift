import Gestures

/// How the navigation model behaves. Units: milliseconds and millimetres.
public struct NavigationConfig: Hashable, Sendable {
    public enum LayoutDirection: String, Hashable, Sendable {
        case leftToRight, rightToLeft
    }

    /// `guarded` is this engine: no pop begins at the root or during a transition, whatever the delegate says.
    /// `unguarded` models UIKit as is, so tests can show the freeze the guard prevents.
    public enum GuardMode: String, Hashable, Sendable {
        case guarded, unguarded
    }

    /// The order a container sends the two "will" callbacks of a transition. UIKit's navigation controller
    /// is `outgoingFirst`; some custom containers are `incomingFirst`, which lets a nil delegate leak.
    public enum ContainerOrder: String, Hashable, Sendable {
        case outgoingFirst, incomingFirst
    }

    public var layoutDirection: LayoutDirection = .leftToRight
    public var guardMode: GuardMode = .guarded
    public var containerOrder: ContainerOrder = .outgoingFirst
    /// Animated push/pop/setScreens length, about UIKit's.
    public var transitionDurationMs: Double = 350
    /// Clamp for what is left of an interactive pop after release (see CompletionTiming).
    public var minCompletionMs: Double = 50
    public var maxCompletionMs: Double = 350
    /// Where the navigation bar starts below the top of the screen (a status bar, if any).
    public var navigationBarTopMM: Double = 0
    /// 44 pt at 163 pt per inch is 6.9 mm; a configured value for other screens.
    public var navigationBarHeightMM: Double = 7

    public init() {}

    /// The edge the interactive pop starts from.
    public var popEdge: Edge {
        layoutDirection == .rightToLeft ? .right : .left
    }
}
