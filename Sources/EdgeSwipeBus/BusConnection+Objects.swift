import CSystemdBus
import EdgeSwipeSystem
import Glibc

/// What an exported object answers a method call with.
public enum BusAnswer: Sendable, Hashable {
    /// An empty method return.
    case done
    /// An error reply: a D-Bus error name ("org.freedesktop.DBus.Error.AccessDenied") and a message.
    case error(name: String, message: String)
}

/// Objects this connection serves and names it owns: what a peer that calls us back needs (KWin's scripts reach
/// `edgeswipe feedback` only by calling a named object, `callDBus`). Handlers run from `process()`.
extension BusConnection {
    /// Hands every method call to `path` (any interface or member) to `handler`, whose answer is sent at once.
    /// Other messages to the path (signals) are left alone.
    public func export(path: String, handler: @escaping (BusReply) -> BusAnswer) throws(Errno) {
        guard let bus else { throw Errno(rawValue: ENOTCONN) }
        let box = Unmanaged.passRetained(BusObjectBox(handler)).toOpaque()
        var slot: OpaquePointer?
        let result = sd_bus_add_object(bus, &slot, path, BusObjectBox.dispatch, box)
        guard result >= 0, let slot else {
            Unmanaged<BusObjectBox>.fromOpaque(box).release()
            throw Errno(rawValue: result < 0 ? -result : EINVAL)
        }
        BusHandlerBox.float(slot)
        updateEvents()
    }

    /// Asks the bus for `name` (not queued, not replacing an owner): `done` gets nil once it is ours, else why not.
    /// The name is held until the connection closes.
    public func requestName(_ name: String, done: @escaping (String?) -> Void) throws(Errno) {
        guard let bus else { throw Errno(rawValue: ENOTCONN) }
        // With a handler of ours sd-bus hands over the bus's raw answer: RequestName's code (1 the primary owner,
        // 2 queued, 3 exists, 4 already the owner) in a method return, not an error.
        let box = Unmanaged.passRetained(BusHandlerBox { reply in
            if let error = reply.error { return done("\(error.name): \(error.message)") }
            switch reply.readUInt32() {
            case 1, 4: done(nil)
            case 3: done("another connection owns it")
            case 2: done("queued behind another connection that owns it")
            case let code: done("RequestName answered \(code.map(String.init) ?? "nothing readable")")
            }
        }).toOpaque()
        var slot: OpaquePointer?
        let result = sd_bus_request_name_async(bus, &slot, name, 0, BusHandlerBox.dispatch, box)
        guard result >= 0, let slot else {
            Unmanaged<BusHandlerBox>.fromOpaque(box).release()
            throw Errno(rawValue: result < 0 ? -result : EINVAL)
        }
        BusHandlerBox.float(slot)
        updateEvents()
    }
}

/// An exported object's handler in a box its slot owns (as `BusHandlerBox` for replies).
final class BusObjectBox {
    let handler: (BusReply) -> BusAnswer

    init(_ handler: @escaping (BusReply) -> BusAnswer) { self.handler = handler }

    static let dispatch: sd_bus_message_handler_t = { message, context, _ in
        guard let message, let context, sd_bus_message_is_method_call(message, nil, nil) > 0 else { return 0 }
        let answer = Unmanaged<BusObjectBox>.fromOpaque(context).takeUnretainedValue().handler(BusReply(message))
        switch answer {
        case .done:
            var reply: OpaquePointer?
            guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return -ENOMEM }
            defer { sd_bus_message_unref(reply) }
            return sd_bus_send(nil, reply, nil)
        case .error(let name, let text):
            return name.withCString { n in
                text.withCString { t in
                    var error = sd_bus_error(name: n, message: t, _need_free: 0)
                    return sd_bus_reply_method_error(message, &error)
                }
            }
        }
    }

}
