import EdgeSwipeControl
import TouchModel

/// `edgeswipe feedback --verbose`'s line for each step of its connection to the service (ServiceConnection's
/// "state -> cause -> state"), so a user who sees no arrow can tell a service that is not there from one that
/// refused the registration: `{"type":"connection","from":"waiting(400 ms)","cause":"timer","to":"connected"}`,
/// with `why` when a connection was lost.
enum ConnectionTransitionJSON {
    static func line(_ t: ServiceConnection.Transition) -> String {
        var o: [String: JSONValue] = ["type": .string("connection"), "from": .string(t.from.description),
                                      "cause": .string(t.cause.description), "to": .string(t.to.description)]
        if case .lost(let why) = t.cause { o["why"] = .string(why) }
        return String(decoding: JSONValue.object(o).encodedLine(), as: UTF8.self)
    }
}
