import CSystemdBus
import EdgeSwipeSystem
import Glibc
import TouchModel

/// Calls and signal watches on a connection, with their handlers as Swift closures. sd-bus takes a C function
/// and a context pointer; each handler goes in a `BusHandlerBox`, retained for as long as its slot lives and
/// released by the slot's destroy callback: after the reply, or when the connection closes (a watch: then). The
/// slots float (owned by the connection), so nothing here keeps them. Handlers run from `process()`, on the
/// loop's thread; one that needs its owner captures it weakly (the connection belongs to the owner).
extension BusConnection {
    /// Sends `call` and hands its reply to `reply`: the method's return, an error reply, or the error sd-bus
    /// makes when none came within `timeout` or the connection closed. Throws when the call could not be sent
    /// (then `reply` is never called).
    public func call(_ call: BusMethodCall, timeout: Microseconds, reply: @escaping (BusReply) -> Void) throws(Errno) {
        try withMessage(for: call) { bus, message throws(Errno) in
            let box = Unmanaged.passRetained(BusHandlerBox(reply)).toOpaque()
            var slot: OpaquePointer?
            let result = sd_bus_call_async(bus, &slot, message, BusHandlerBox.dispatch, box, timeout.rawValue)
            guard result >= 0, let slot else {
                Unmanaged<BusHandlerBox>.fromOpaque(box).release()
                throw Errno(rawValue: result < 0 ? -result : EINVAL)
            }
            BusHandlerBox.float(slot)
        }
    }

    /// Sends `call` with no reply wanted (the receiver sends none; nothing waits for it).
    public func send(_ call: BusMethodCall) throws(Errno) {
        try withMessage(for: call) { bus, message throws(Errno) in
            var result = sd_bus_message_set_expect_reply(message, 0)
            if result >= 0 { result = sd_bus_send(bus, message, nil) }
            if result < 0 { throw Errno(rawValue: -result) }
        }
    }

    /// Hands `handler` every signal `match` selects, until the connection closes. The rule is added
    /// asynchronously: signals sent before the bus has it are not seen.
    public func watch(_ match: BusSignalMatch, handler: @escaping (BusReply) -> Void) throws(Errno) {
        guard let bus else { throw Errno(rawValue: ENOTCONN) }
        let box = Unmanaged.passRetained(BusHandlerBox(handler)).toOpaque()
        var slot: OpaquePointer?
        let result = sd_bus_add_match_async(bus, &slot, match.rule, BusHandlerBox.dispatch, nil, box)
        guard result >= 0, let slot else {
            Unmanaged<BusHandlerBox>.fromOpaque(box).release()
            throw Errno(rawValue: result < 0 ? -result : EINVAL)
        }
        BusHandlerBox.float(slot)
        updateEvents()
    }

    /// The message for `call`, its arguments appended, handed to `body` with the bus, then unreferenced; the loop
    /// is told to send it after.
    private func withMessage(for call: BusMethodCall,
                             _ body: (OpaquePointer, OpaquePointer) throws(Errno) -> Void) throws(Errno) {
        guard let bus else { throw Errno(rawValue: ENOTCONN) }
        let message = try Self.message(for: call, on: bus)
        defer { sd_bus_message_unref(message) }
        try body(bus, message)
        updateEvents()
    }

    /// A new method call message on `bus` with `call`'s arguments appended (the caller unreferences it).
    static func message(for call: BusMethodCall, on bus: OpaquePointer) throws(Errno) -> OpaquePointer {
        var message: OpaquePointer?
        var result = sd_bus_message_new_method_call(bus, &message, call.destination, call.path, call.interface, call.member)
        guard result >= 0, let message else { throw Errno(rawValue: result < 0 ? -result : ENOMEM) }
        for argument in call.arguments where result >= 0 { result = argument.append(to: message) }
        if result < 0 {
            sd_bus_message_unref(message)
            throw Errno(rawValue: -result)
        }
        return message
    }

    /// `call`'s message as the receiver would read it (sealed, read from its first argument), handed to `body`:
    /// what tests of the typed arguments read back without a bus daemon (a connection over a socket pair will do).
    package func withSealedMessage<R>(for call: BusMethodCall, _ body: (BusReply) -> R) throws(Errno) -> R {
        guard let bus else { throw Errno(rawValue: ENOTCONN) }
        let message = try Self.message(for: call, on: bus)
        defer { sd_bus_message_unref(message) }
        var result = sd_bus_message_seal(message, 1, 0)
        if result >= 0 { result = sd_bus_message_rewind(message, 1) }
        if result < 0 { throw Errno(rawValue: -result) }
        return body(BusReply(message))
    }
}

/// A reply or signal handler, kept alive by its slot (`BusConnection.call`, `watch`).
final class BusHandlerBox {
    let handler: (BusReply) -> Void

    init(_ handler: @escaping (BusReply) -> Void) { self.handler = handler }

    /// The C function sd-bus calls with the box as its context.
    static let dispatch: sd_bus_message_handler_t = { message, context, _ in
        guard let message, let context else { return 0 }
        Unmanaged<BusHandlerBox>.fromOpaque(context).takeUnretainedValue().handler(BusReply(message))
        return 0
    }

    /// Makes `slot` the connection's (floating) and its box's owner: the box, this one or an exported object's
    /// `BusObjectBox`, is released when the slot goes.
    static func float(_ slot: OpaquePointer) {
        sd_bus_slot_set_destroy_callback(slot) { box in
            if let box { Unmanaged<AnyObject>.fromOpaque(box).release() }
        }
        sd_bus_slot_set_floating(slot, 1)
        sd_bus_slot_unref(slot)
    }
}
