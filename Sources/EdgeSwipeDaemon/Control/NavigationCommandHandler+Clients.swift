import Gestures
import Navigation
import TouchModel
import EdgeSwipeControl

/// What a client sets that is its own: exclusion rectangles and back handlers (they go when it goes).
extension NavigationCommandHandler {
    /// The reply's result: ExclusionJSON.result. Other clients whose rectangles this changes get an
    /// `exclusions` event (published by `afterChange`, before the reply).
    func setExclusions(_ rects: [ExclusionRect], from client: ControlClientID) -> Result<JSONValue, ControlError> {
        do {
            let result = try controller.setExclusions(rects, owner: ExclusionOwner(client.rawValue))
            return .success(ExclusionJSON.result(result))
        } catch {
            return .failure(ControlError(.badArguments, "setExclusions: \(error)"))
        }
    }

    func register(_ priority: BackPriority, edges: Set<Edge>?, from client: ControlClientID) -> Result<JSONValue, ControlError> {
        do {
            let handler = try session.dispatcher.register(priority, edges: edges, client: BackClient(client.rawValue))
            return .success(Self.json(handler))
        } catch {
            return .failure(ControlError(error.isLimit ? .refused : .badArguments, "registerBackHandler: \(error)"))
        }
    }

    func unregister(_ id: BackHandlerID, from client: ControlClientID, now: Microseconds) -> Result<JSONValue, ControlError> {
        do {
            let handler = try session.dispatcher.unregister(id, client: BackClient(client.rawValue), now: now)
            return .success(Self.json(handler))
        } catch {
            return .failure(ControlError(.badArguments, "unregisterBackHandler: \(error)"))
        }
    }

    /// `{"handler":id,"priority":..,"edges":[..]}`: a handler registered or removed.
    static func json(_ handler: BackHandler) -> JSONValue {
        .object(["handler": .integer(Int64(handler.id.rawValue)), "priority": .string(handler.priority.rawValue),
                 "edges": .array(Edge.allCases.filter(handler.edges.contains).map { .string($0.rawValue) })])
    }
}
