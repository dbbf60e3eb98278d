import TouchModel
import EdgeSwipeControl

/// What the control socket asks of the navigation side. The lead wires the navigation controller to it;
/// tests use a fake. Called on the event loop's thread only.
public protocol ControlCommandHandler: AnyObject {
    /// push, pop, setStack, popToRoot and state (subscribe and unsubscribe are handled by the server).
    /// `now` is the time of the loop's turn (`EventLoop.now`). The result becomes the reply's `result`; an error
    /// becomes an error reply. Events the command causes may be published (ControlServer.publish) before
    /// returning: they reach clients before the reply.
    func handle(_ command: ControlCommand, from client: ControlClientID, now: Microseconds) -> Result<JSONValue, ControlError>

    /// A client went away (closed, dropped as too slow, or refused). Nothing it started is undone by the server.
    func clientDisconnected(_ client: ControlClientID, now: Microseconds)

    /// Fields the hello carries besides the protocol's own (the navigation side: `screens`), read when a client
    /// connects or an event stream opens.
    func helloFields() -> [String: JSONValue]
}

extension ControlCommandHandler {
    public func clientDisconnected(_ client: ControlClientID, now: Microseconds) {}
    public func helloFields() -> [String: JSONValue] { [:] }
}
