/// One screen described on the command line: `name` (or `name:plain`), `name:header` or `name:hidden`.
public struct ScreenSpec: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A screen with a visible navigation bar.
        case plain
        /// A flexible-header host applying the swipe-back recipe.
        case header
        /// Hides the bar without the recipe (swipe-back refused: the original problem).
        case hidden
    }

    public var name: String
    public var kind: Kind
    /// The new screen's `interactivePopEnabled` (the control protocol's push field; the command line has no syntax for it).
    public var interactivePopEnabled: Bool

    /// The longest screen name, in bytes of UTF-8: the control protocol's bound, which the command line's
    /// stack spec and exclusion rectangles' `screen` share.
    public static let maxNameBytes = 256

    /// Whether `name` may name a screen anywhere: not empty and at most `maxNameBytes` long.
    public static func isAcceptedName(_ name: String) -> Bool { !name.isEmpty && name.utf8.count <= maxNameBytes }

    public init(name: String, kind: Kind, interactivePopEnabled: Bool = true) {
        self.name = name
        self.kind = kind
        self.interactivePopEnabled = interactivePopEnabled
    }

    public func makeScreen() -> Screen {
        let screen: Screen
        switch kind {
        case .plain: screen = Screen(name: name, barPreference: .visible)
        case .header: screen = FlexibleHeaderHost(name: name)
        case .hidden: screen = Screen(name: name, barPreference: .hidden)
        }
        screen.interactivePopEnabled = interactivePopEnabled
        return screen
    }
}

/// What is wrong with a stack spec, naming the token (1-based position) at fault.
public struct StackSpecError: Error, Equatable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        case emptySpec
        case emptyToken
        case emptyName
        case badCharacter(Character)
        case unknownKind(String)
        case duplicateName
        /// Longer than `ScreenSpec.maxNameBytes`; the byte count.
        case nameTooLong(Int)
    }

    public var token: String
    public var position: Int
    public var problem: Problem

    public init(token: String, position: Int, problem: Problem) {
        self.token = token
        self.position = position
        self.problem = problem
    }

    public var description: String {
        let at = "screen \(position) '\(token)'"
        switch problem {
        case .emptySpec: return "empty stack spec: give screens like home,inbox:header"
        case .emptyToken: return "screen \(position) is empty (two commas in a row, or a comma at an end)"
        case .emptyName: return "\(at): no name before ':'"
        case .badCharacter(let c):
            return "\(at): '\(c)' is not allowed in a name (letters, digits, '-', '_', '.')"
        case .unknownKind(let k):
            let kinds = ScreenSpec.Kind.allCases.map { ":" + $0.rawValue }
            return "\(at): unknown kind ':\(k)' (use \(kinds.joined(separator: ", ")), or nothing for a plain screen)"
        case .duplicateName: return "\(at): the name is already used by an earlier screen"
        case .nameTooLong(let bytes):
            // Not the token itself: it is long by definition.
            return "screen \(position): the name is \(bytes) bytes long; at most \(ScreenSpec.maxNameBytes), as the control protocol allows"
        }
    }
}

/// Parses `home,inbox:header,message:header` (bottom first). Spaces around tokens are ignored.
public enum StackSpec {
    public static func parse(_ text: String) throws(StackSpecError) -> [ScreenSpec] {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { throw StackSpecError(token: "", position: 0, problem: .emptySpec) }
        var specs: [ScreenSpec] = []
        for (i, raw) in trimmed.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let spec = try parseScreen(String(raw), position: i + 1)
            if specs.contains(where: { $0.name == spec.name }) {
                throw StackSpecError(token: String(raw).trimmingSpaces, position: i + 1, problem: .duplicateName)
            }
            specs.append(spec)
        }
        return specs
    }

    /// One token, e.g. for a push given on the command line.
    public static func parseScreen(_ raw: String, position: Int = 1) throws(StackSpecError) -> ScreenSpec {
        let token = raw.trimmingSpaces
        func fail(_ p: StackSpecError.Problem) -> StackSpecError {
            StackSpecError(token: token, position: position, problem: p)
        }
        guard !token.isEmpty else { throw fail(.emptyToken) }
        let parts = token.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard !name.isEmpty else { throw fail(.emptyName) }
        guard ScreenSpec.isAcceptedName(name) else { throw fail(.nameTooLong(name.utf8.count)) }
        if let bad = name.first(where: { !isNameCharacter($0) }) { throw fail(.badCharacter(bad)) }
        guard parts.count == 2 else { return ScreenSpec(name: name, kind: .plain) }
        let kindText = String(parts[1])
        guard let kind = ScreenSpec.Kind(rawValue: kindText) else { throw fail(.unknownKind(kindText)) }
        return ScreenSpec(name: name, kind: kind)
    }

    private static func isNameCharacter(_ c: Character) -> Bool {
        c == "-" || c == "_" || c == "." || (c.isASCII && (c.isLetter || c.isNumber))
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
