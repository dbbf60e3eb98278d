import CYAML

public enum YAMLEventKind: Sendable, Hashable {
    case streamStart, streamEnd, documentStart, documentEnd
    case alias, scalar, sequenceStart, sequenceEnd, mappingStart, mappingEnd
}

/// A text that `YAMLEventReader` reads a piece at a time (a file too large to hold).
public protocol YAMLInput: AnyObject {
    /// Copies the next bytes of the text into `buffer`: how many (0 at its end), or nil when reading failed
    /// (libyaml then reports an input error; the input keeps the reason).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int?
}

/// How a text without a final line break ends: its YAML line breaks and the characters of its last line.
public struct YAMLTextEnd: Sendable, Hashable {
    public var breaks: Int
    public var lastLineColumns: Int

    public init(breaks: Int, lastLineColumns: Int) {
        self.breaks = breaks
        self.lastLineColumns = lastLineColumns
    }
}

/// libyaml's event parser, one event at a time, with line/column marks. Scalars are read in place
/// (`withScalarBytes`, `scalarInteger`) so a caller can parse numbers without making Strings.
/// The current event's data is valid until the next call to `next()`. Nesting deeper than
/// `YAMLLimits.maxDepth` is an error at the collection that goes too deep.
public struct YAMLEventReader: ~Copyable {
    public let source: String
    /// Keeps the text alive: libyaml holds a pointer into it between calls.
    private let owner: AnyObject
    /// The text's length in bytes.
    private let inputCount: Int
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    private var holdsEvent = false
    private var finished = false
    /// Open sequences and mappings.
    public private(set) var depth = 0
    public private(set) var kind: YAMLEventKind = .streamStart
    /// Set only for a text that does not end with a line break: its line breaks and the characters on its last
    /// line. libyaml ends such a text with a forced line break, so a mark at the very end names a line after
    /// the last one; `mark(_:)` reports the end of the last line instead (found by fuzzing).
    private let unterminatedLastLine: YAMLTextEnd?

    /// Copies `text`.
    public init(text: String, source: String) {
        var copy = text
        let owned = copy.withUTF8 { CopiedBytes(UnsafeRawBufferPointer($0)) }
        self.init(bytes: owned.bytes, owner: owned, source: source)
    }

    /// Reads `bytes` in place; `owner` keeps them alive and unchanged for the reader's lifetime.
    public init(bytes: UnsafeRawBufferPointer, owner: AnyObject, source: String) {
        self.source = source
        self.owner = owner
        inputCount = bytes.count
        if let last = bytes.last, last != 0x0A, last != 0x0D, !(bytes.count >= 2 && bytes[bytes.count - 2] == 0xC2 && last == 0x85),
           !(bytes.count >= 3 && bytes[bytes.count - 3] == 0xE2 && bytes[bytes.count - 2] == 0x80 && (last == 0xA8 || last == 0xA9)) {
            let breaks = yamlLineBreaks(bytes)
            // libyaml counts columns in characters: skip UTF-8 continuation bytes.
            let lastLine = bytes[((breaks.last ?? -1) + 1)...]
            unterminatedLastLine = YAMLTextEnd(breaks: breaks.count, lastLineColumns: lastLine.filter { $0 & 0xC0 != 0x80 }.count)
        } else {
            unterminatedLastLine = nil
        }
        (parser, event) = YAMLEventReader.makeParser()
        yaml_parser_set_input_string(parser, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? CopiedBytes.empty, bytes.count)
    }

    /// Reads `input` a piece at a time (memory holds libyaml's buffers, not the text). `count` is the text's
    /// length; `end` says how it ends when it has no final line break (nil otherwise, or when marks at the
    /// very end need not be moved onto its last line).
    public init(input: some YAMLInput, count: Int, end: YAMLTextEnd?, source: String) {
        self.source = source
        let box = InputBox(input)
        owner = box
        inputCount = count
        unterminatedLastLine = end
        (parser, event) = YAMLEventReader.makeParser()
        yaml_parser_set_input(parser, { data, buffer, size, sizeRead in
            guard let data, let buffer, let sizeRead else { return 0 }
            let box = Unmanaged<InputBox>.fromOpaque(data).takeUnretainedValue()
            guard let n = box.input.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size)) else { return 0 }
            sizeRead.pointee = n
            return 1
        }, Unmanaged.passUnretained(box).toOpaque())
    }

    private static func makeParser() -> (UnsafeMutablePointer<yaml_parser_t>, UnsafeMutablePointer<yaml_event_t>) {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        // yaml_parser_initialize only fails when malloc does.
        guard yaml_parser_initialize(parser) != 0 else { fatalError("libyaml: out of memory") }
        return (parser, .allocate(capacity: 1))
    }

    deinit {
        if holdsEvent { yaml_event_delete(event) }
        yaml_parser_delete(parser)
        parser.deallocate()
        event.deallocate()
    }

    /// Advances to the next event. After `streamEnd`, keeps returning `streamEnd`.
    @discardableResult
    public mutating func next() throws(YAMLError) -> YAMLEventKind {
        if finished { return .streamEnd }
        if holdsEvent {
            yaml_event_delete(event)
            holdsEvent = false
        }
        guard yaml_parser_parse(parser, event) != 0 else { throw parserError() }
        holdsEvent = true
        switch event.pointee.type {
        case YAML_STREAM_START_EVENT: kind = .streamStart
        case YAML_STREAM_END_EVENT: kind = .streamEnd; finished = true
        case YAML_DOCUMENT_START_EVENT: kind = .documentStart
        case YAML_DOCUMENT_END_EVENT: kind = .documentEnd
        case YAML_ALIAS_EVENT: kind = .alias
        case YAML_SCALAR_EVENT: kind = .scalar
        case YAML_SEQUENCE_START_EVENT: kind = .sequenceStart; depth += 1
        case YAML_SEQUENCE_END_EVENT: kind = .sequenceEnd; depth -= 1
        case YAML_MAPPING_START_EVENT: kind = .mappingStart; depth += 1
        case YAML_MAPPING_END_EVENT: kind = .mappingEnd; depth -= 1
        default: throw error("libyaml returned an event of unknown type \(event.pointee.type.rawValue)")
        }
        if depth > YAMLLimits.maxDepth {
            throw error("nested more than \(YAMLLimits.maxDepth) levels deep")
        }
        return kind
    }

    /// Bytes libyaml holds for this reader: its input buffers, token queue and stacks (they grow with the
    /// nesting and the tokens looked ahead, never with the length of the text).
    public var heldBytes: Int {
        func span<T>(_ start: UnsafeMutablePointer<T>?, _ end: UnsafeMutablePointer<T>?) -> Int {
            guard let start, let end else { return 0 }
            return start.distance(to: end) * MemoryLayout<T>.stride
        }
        let p = parser.pointee
        return span(p.raw_buffer.start, p.raw_buffer.end) + span(p.buffer.start, p.buffer.end)
            + span(p.tokens.start, p.tokens.end) + span(p.indents.start, p.indents.end)
            + span(p.simple_keys.start, p.simple_keys.end) + span(p.states.start, p.states.end)
            + span(p.marks.start, p.marks.end) + span(p.tag_directives.start, p.tag_directives.end)
    }

    public var startMark: YAMLMark { mark(event.pointee.start_mark) }
    /// Byte offset where the current event ends in the text.
    public var endOffset: Int { event.pointee.end_mark.index }
    public var endMark: YAMLMark { mark(event.pointee.end_mark) }

    @inline(__always)
    private func mark(_ m: yaml_mark_t) -> YAMLMark {
        if let last = unterminatedLastLine, m.column == 0, m.line > last.breaks {
            return YAMLMark(line: last.breaks + 1, column: last.lastLineColumns + 1)
        }
        return YAMLMark(m)
    }

    /// The scalar's bytes (UTF-8), valid only inside `body`. Empty for non-scalar events.
    public func withScalarBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        guard kind == .scalar, let value = event.pointee.data.scalar.value else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeBufferPointer(start: value, count: event.pointee.data.scalar.length))
    }

    /// The scalar as a String ("" for non-scalar events).
    public var scalarString: String {
        withScalarBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Quoted or block scalars are always strings; only plain scalars can be numbers, booleans or null.
    public var scalarIsPlain: Bool {
        kind == .scalar && event.pointee.data.scalar.style == YAML_PLAIN_SCALAR_STYLE
    }

    /// A plain empty scalar, `~` or `null`: YAML's null.
    public var scalarIsNull: Bool {
        guard scalarIsPlain else { return false }
        return withScalarBytes { b in
            b.isEmpty || b.elementsEqual("~".utf8) || b.elementsEqual("null".utf8)
                || b.elementsEqual("Null".utf8) || b.elementsEqual("NULL".utf8)
        }
    }

    /// A plain scalar that is a decimal (optionally signed) or 0x-hex integer fitting in Int64, else nil.
    /// Parsed from the scalar's bytes without allocating.
    @inline(__always)
    public func scalarInteger() -> Int64? {
        guard scalarIsPlain else { return nil }
        return withScalarBytes { parseInteger($0) }
    }

    /// The anchor of the current alias, scalar, sequence or mapping event, if any.
    public var anchor: String? {
        let p: UnsafeMutablePointer<yaml_char_t>?
        switch kind {
        case .alias: p = event.pointee.data.alias.anchor
        case .scalar: p = event.pointee.data.scalar.anchor
        case .sequenceStart: p = event.pointee.data.sequence_start.anchor
        case .mappingStart: p = event.pointee.data.mapping_start.anchor
        default: p = nil
        }
        return p.map { String(cString: $0) }
    }

    /// When the current event starts a node, consumes the rest of it (nested collections included),
    /// leaving the reader on the node's last event.
    public mutating func skipNode() throws(YAMLError) {
        guard kind == .sequenceStart || kind == .mappingStart else { return }
        var depth = 1
        while depth > 0 {
            switch try next() {
            case .sequenceStart, .mappingStart: depth += 1
            case .sequenceEnd, .mappingEnd: depth -= 1
            case .streamEnd: throw error("unexpected end of the stream inside a collection")
            default: break
            }
        }
    }

    /// An error at the current event's start.
    public func error(_ message: String) -> YAMLError {
        YAMLError(source: source, mark: startMark, message: message)
    }

    private func parserError() -> YAMLError {
        let p = parser.pointee
        var message = p.problem.map { String(cString: $0) } ?? "libyaml error \(p.error.rawValue)"
        if let context = p.context {
            message += " \(String(cString: context)) (started at \(YAMLMark(p.context_mark)))"
        }
        return YAMLError(source: source, mark: mark(p.problem_mark), message: message,
                         atEndOfInput: p.problem_mark.index >= inputCount)
    }
}


/// Keeps a `YAMLInput` for libyaml's read handler, which gets it back as an opaque pointer.
private final class InputBox {
    let input: any YAMLInput
    init(_ input: any YAMLInput) { self.input = input }
}

/// A private copy of a text for the reader to point into.
final class CopiedBytes {
    private let base: UnsafeMutableRawPointer
    private let count: Int
    /// A valid pointer for an empty text (libyaml reads none of it).
    nonisolated(unsafe) static let empty = UnsafePointer(UnsafeMutablePointer<UInt8>.allocate(capacity: 1))

    init(_ bytes: UnsafeRawBufferPointer) {
        count = bytes.count
        base = .allocate(byteCount: max(count, 1), alignment: 16)
        if let source = bytes.baseAddress { base.copyMemory(from: source, byteCount: count) }
    }

    deinit { base.deallocate() }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}
