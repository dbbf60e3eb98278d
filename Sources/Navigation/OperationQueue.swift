import Gestures
import TouchModel

/// The stack changes asked for while a transition runs: bounded, and what they will do to the stack is
/// known ahead, so a name check can count screens that are only queued.
///
/// - push and pop queue in order, up to `maxQueuedOperations`; past that they are refused (`queueFull`).
/// - setScreens replaces every queued operation (UIKit's setViewControllers does: the final stack does not
///   depend on them), so it is never refused for a full queue.
/// - popToRoot replaces the queued operations after the last queued setScreens (they cannot change the
///   root), so it is never refused either.
/// Each replaced operation is reported with a `droppedQueuedOperation` diagnostic.
extension NavigationController {
    /// At most this many stack changes wait for a transition (at the default 350 ms, about 6 s of work).
    public static let maxQueuedOperations = 16

    func enqueue(_ operation: StackOperation, now: Microseconds) throws(NavigationError) {
        switch operation {
        case .setScreens:
            dropQueued(from: 0, replacedBy: operation, now: now)
        case .popToRoot:
            let lastSet = queue.lastIndex { if case .setScreens = $0 { return true } else { return false } }
            dropQueued(from: lastSet.map { $0 + 1 } ?? 0, replacedBy: operation, now: now)
        case .push, .pop:
            guard queue.count < Self.maxQueuedOperations else { throw .queueFull(Self.maxQueuedOperations) }
        }
        queue.append(operation)
    }

    private func dropQueued(from start: Int, replacedBy operation: StackOperation, now: Microseconds) {
        guard start < queue.count else { return }
        for op in queue[start...] {
            diagnose(.droppedQueuedOperation, screen: nil, "\(op): replaced by \(operation)", now: now)
        }
        queue.removeSubrange(start...)
    }

    /// Whether a screen named `name` is on the stack, or will be once the queued operations have run, for
    /// either outcome of an interactive pop still under the finger.
    public func mayHoldScreen(named name: String) -> Bool {
        var starts: [[Screen]]
        switch state {
        case .tracking(let pop): starts = [screens, screens + [pop.from]]
        case .settling(let pop, let outcome, _): starts = [outcome == .complete ? screens : screens + [pop.from]]
        case .idle, .animating, .frozen: starts = [screens]
        }
        return starts.contains { start in Self.stack(start, after: queue).contains { $0.name == name } }
    }

    /// The stack `start` becomes through `operations`, as `perform` would change it.
    static func stack(_ start: [Screen], after operations: [StackOperation]) -> [Screen] {
        var stack = start
        for op in operations {
            switch op {
            case .push(let s, _): if !stack.contains(where: { $0 === s }) { stack.append(s) }
            case .pop: if stack.count > 1 { stack.removeLast() }
            case .popToRoot: if stack.count > 1 { stack = [stack[0]] }
            case .setScreens(let list, _): if !list.isEmpty { stack = list }
            }
        }
        return stack
    }
}
