import CEdgeSwipeSys
import Glibc
import TouchModel

/// One thread, one epoll set. Every source of work in the service (devices, libinput, signals, the deadline
/// timer, the control socket and its clients) is a file descriptor registered here with a handler.
///
/// It blocks in epoll_wait with no timeout: when nothing is pending there are no wake-ups at all.
/// Not thread-safe: create, use and run it on one thread. `LoopWaker` is the only way in from other threads.
/// Descriptors are usually registered through a `LoopRegistration`, which owns and closes them.
public final class EventLoop {
    public typealias Handler = (IOEvents) -> Void

    private struct Registration {
        var fd: Int32
        var events: IOEvents
        var name: String
    }

    /// One place in `slots`: a registration and its handler, or free. `generation` rises each time the slot is
    /// freed, so a token (slot and generation) names one registration only, never a later one in the same slot.
    /// The handler is kept beside the registration so that dispatch copies only the closure.
    private struct Slot {
        var generation: UInt32 = 0
        var registration: Registration?
        var handler: Handler?
    }

    private enum State {
        case idle, running, stopping
    }

    private let epoll: FileDescriptor
    /// Registrations by slot index: dispatch is an array index and a generation check, no hashing (this
    /// runs for every device wake-up). Unchecked exclusivity: one thread, and handlers change `slots` only
    /// through `register`/`unregister`, never while a `Slot` is borrowed.
    @exclusivity(unchecked) private var slots: [Slot] = []
    @exclusivity(unchecked) private var freeSlots: [Int] = []
    @exclusivity(unchecked) private var state = State.idle
    /// Events fetched per epoll_wait; more wait for the next turn (level-triggered, nothing is lost).
    private static let batchSize: Int32 = 64
    private let batch: UnsafeMutablePointer<epoll_event>
    private var wakers: [LoopWaker] = []

    /// Returns of epoll_wait so far: the idle wake-up count the benchmarks measure.
    @exclusivity(unchecked) public private(set) var wakeUps = 0

    public init() throws {
        epoll = FileDescriptor(rawValue: try SystemCall.run("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) })
        batch = .allocate(capacity: Int(Self.batchSize))
    }

    deinit {
        batch.deallocate()
        try? epoll.close()
    }

    /// epoll_ctl with the token as the event's data.
    private func control(_ op: Int32, fd: Int32, events: IOEvents, token: EventToken) -> Int32 {
        var event = epoll_event()
        event.events = events.rawValue
        event.data.u64 = token.rawValue
        return epoll_ctl(epoll.rawValue, op, fd, &event)
    }

    public var registrationCount: Int { slots.count - freeSlots.count }

    /// CLOCK_MONOTONIC. Within a turn of the loop (the handlers of one epoll_wait batch) it is read once, at
    /// the first ask, and every handler of the turn sees the same value; outside a turn it reads the clock.
    public var now: Microseconds {
        if !inTurn { return Monotonic.now() }
        if turnNow == .zero { turnNow = Monotonic.now() }
        return turnNow
    }
    @exclusivity(unchecked) private var turnNow: Microseconds = .zero
    @exclusivity(unchecked) private var inTurn = false

    /// Adds a descriptor. The loop does not own it: unregister before closing it.
    @discardableResult
    public func register(fd: Int32, events: IOEvents, name: String,
                         handler: @escaping Handler) throws -> EventToken {
        let index = freeSlots.popLast() ?? { slots.append(Slot()); return slots.count - 1 }()
        let token = EventToken(slot: index, generation: slots[index].generation)
        do {
            try SystemCall.run("epoll_ctl(ADD, \(name) fd \(fd))") {
                control(EPOLL_CTL_ADD, fd: fd, events: events, token: token)
            }
        } catch {
            freeSlots.append(index)
            throw error
        }
        slots[index].registration = Registration(fd: fd, events: events, name: name)
        slots[index].handler = handler
        return token
    }

    /// The live registration `token` names, if any.
    private func slotIndex(of token: EventToken) -> Int? {
        let index = token.slot
        guard index < slots.count, slots[index].generation == token.generation, slots[index].registration != nil else {
            return nil
        }
        return index
    }

    /// Changes what a registration waits for (e.g. adds `.writable` while a client's queue is backed up).
    public func modify(_ token: EventToken, events: IOEvents) throws {
        guard let index = slotIndex(of: token), let r = slots[index].registration, r.events != events else { return }
        try SystemCall.run("epoll_ctl(MOD, \(r.name) fd \(r.fd))") {
            control(EPOLL_CTL_MOD, fd: r.fd, events: events, token: token)
        }
        slots[index].registration?.events = events
    }

    public func events(of token: EventToken) -> IOEvents? {
        slotIndex(of: token).flatMap { slots[$0].registration?.events }
    }

    /// Removes a registration; events already fetched for it are dropped. Safe inside any handler.
    public func unregister(_ token: EventToken) {
        guard let index = slotIndex(of: token), let r = slots[index].registration else { return }
        slots[index].registration = nil
        slots[index].handler = nil
        slots[index].generation &+= 1
        freeSlots.append(index)
        // Fails only if the fd is already closed, and then the kernel has already dropped it from the set.
        _ = epoll_ctl(epoll.rawValue, EPOLL_CTL_DEL, r.fd, nil)
    }

    /// Runs until `stop()` is called (from a handler, or through a waker).
    public func run() throws {
        state = .running
        defer { state = .idle }
        while case .running = state {
            try runOnce(timeoutMilliseconds: -1)
        }
    }

    /// Asks `run()` to return after the current batch of events.
    public func stop() {
        if case .running = state { state = .stopping }
    }

    /// Waits for one batch (-1: no timeout) and dispatches it. Returns the number of events dispatched.
    @discardableResult
    public func runOnce(timeoutMilliseconds: Int32) throws -> Int {
        let n = try SystemCall.run("epoll_wait") {
            epoll_wait(epoll.rawValue, batch, Self.batchSize, timeoutMilliseconds)
        }
        wakeUps += 1
        turnNow = .zero
        inTurn = true
        defer { inTurn = false }
        var dispatched = 0
        for i in 0..<Int(n) {
            // Looked up per event: an earlier handler in this batch may have removed this registration.
            let event = batch[i]
            guard let index = slotIndex(of: EventToken(rawValue: event.data.u64)), let handler = slots[index].handler else {
                continue
            }
            handler(IOEvents(rawValue: event.events))
            dispatched += 1
        }
        return dispatched
    }

    /// A handle other threads can use to run `action` on this loop's thread.
    public func makeWaker(name: String, action: @escaping () -> Void) throws -> LoopWaker {
        let waker = try LoopWaker()
        try register(fd: waker.fd.rawValue, events: .readable, name: name) { _ in
            waker.drain()
            action()
        }
        wakers.append(waker)
        return waker
    }

    /// A waker that stops the loop: how tests and other threads end `run()`.
    public func makeStopHandle() throws -> LoopWaker {
        try makeWaker(name: "stop") { [unowned self] in self.stop() }
    }
}

/// An eventfd another thread can poke. Sendable: `wake()` is one write(2).
public final class LoopWaker: Sendable {
    let fd: FileDescriptor

    init() throws {
        fd = FileDescriptor(rawValue: try SystemCall.run("eventfd") { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) })
    }

    deinit { try? fd.close() }

    public func wake() {
        var one: UInt64 = 1
        // Would block only when the counter is already huge: the loop wakes anyway.
        _ = try? withUnsafeBytes(of: &one) { try fd.write($0) }
    }

    func drain() {
        var value: UInt64 = 0
        _ = try? withUnsafeMutableBytes(of: &value) { try fd.read(into: $0) }
    }
}
