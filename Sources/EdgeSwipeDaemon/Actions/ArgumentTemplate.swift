import Gestures

/// What a gesture action may put into a command's argv. Every value comes from a fixed set (configured
/// recognizer names, edge and trigger names, a finger count): nothing read from a device or a client ever
/// reaches a command line.
package enum Placeholder: String, Hashable, Sendable, CaseIterable {
    /// The recognizer's configured name.
    case gesture
    /// left, right, top or bottom.
    case edge
    /// The finger count, as decimal digits.
    case fingers
    /// began, complete or cancel.
    case trigger
}

/// One argv element of a configured command: a literal, or a placeholder that replaces the WHOLE element.
/// There is no partial substitution (`--edge={edge}` stays literal) and no shell.
package enum ArgumentTemplate: Hashable, Sendable {
    case literal(String)
    case placeholder(Placeholder)

    /// Reads one configured element. `{name}` with a known name is a placeholder; `{name}` with an unknown
    /// name is an error (a typo must not run a command with a literal `{edgee}`); anything else is literal.
    package static func parse(_ text: String) throws(PlaceholderError) -> ArgumentTemplate {
        guard text.count > 2, text.first == "{", text.last == "}" else { return .literal(text) }
        let inner = String(text.dropFirst().dropLast())
        guard inner.allSatisfy({ $0.isLetter }) else { return .literal(text) }
        guard let p = Placeholder(rawValue: inner) else { throw PlaceholderError(text: text) }
        return .placeholder(p)
    }
}

package struct PlaceholderError: Error, Hashable, Sendable, CustomStringConvertible {
    package var text: String
    package var description: String {
        "unknown placeholder \(text); known: " + Placeholder.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")
    }
}

/// The facts about a gesture an action may use.
package struct GestureContext: Hashable, Sendable {
    package var gesture: String
    package var edge: Edge
    package var fingers: Int
    package var trigger: ActionTrigger

    package init(gesture: String, edge: Edge, fingers: Int, trigger: ActionTrigger) {
        self.gesture = gesture
        self.edge = edge
        self.fingers = fingers
        self.trigger = trigger
    }

    package func value(of p: Placeholder) -> String {
        switch p {
        case .gesture: return gesture
        case .edge: return edge.rawValue
        case .fingers: return String(fingers)
        case .trigger: return trigger.rawValue
        }
    }

    /// The argv for a template: one output element per template element, always.
    package func argv(_ template: [ArgumentTemplate]) -> [String] {
        template.map {
            switch $0 {
            case .literal(let s): return s
            case .placeholder(let p): return value(of: p)
            }
        }
    }
}
