/// What a session-side program says once per cause, however often the cause comes back: a compositor without
/// output names, a refused report of one output, a drawing problem. A later occurrence of a said cause is silent,
/// so a condition that lasts (a service refusing at every connection, every frame failing alike) fills no journal.
/// Pure: the caller says what it returns.
public struct SayOnce: Sendable, Hashable {
    private var said: Set<String> = []

    public init() {}

    /// `message` the first time `cause` comes, nil after.
    public mutating func message(_ cause: String, _ message: @autoclosure () -> String) -> String? {
        said.insert(cause).inserted ? message() : nil
    }

    /// Says `message` through `say` the first time `cause` comes.
    public mutating func say(_ cause: String, _ message: @autoclosure () -> String, to say: (String) -> Void) {
        if let text = self.message(cause, message()) { say(text) }
    }

    /// Whether `cause` has been said.
    public func hasSaid(_ cause: String) -> Bool { said.contains(cause) }
}
