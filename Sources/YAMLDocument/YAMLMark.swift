import CYAML

/// A place in a YAML text, 1-based.
public struct YAMLMark: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public init(_ mark: yaml_mark_t) {
        self.init(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    public var description: String { "\(line):\(column)" }
}

/// A YAML text that libyaml could not parse, or whose shape is not what the caller expected.
public struct YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
    public var source: String
    public var mark: YAMLMark
    public var message: String
    /// libyaml ran out of text mid-structure: the file was probably cut off.
    public var atEndOfInput: Bool

    public init(source: String, mark: YAMLMark, message: String, atEndOfInput: Bool = false) {
        self.source = source
        self.mark = mark
        self.message = message
        self.atEndOfInput = atEndOfInput
    }

    public var description: String { "\(source):\(mark): \(message)" }
}

