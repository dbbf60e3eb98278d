#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem

// A small command-line layer in the manner of swift-argument-parser: each subcommand declares a typed options
// struct (`CommandOptions`) decoded once from the parsed command line; exit codes 0 / 1 / 64.

/// Exit statuses, as sysexits.h and swift-argument-parser use them.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 64
}

/// One option a subcommand accepts. Options structs declare theirs as static constants and read their values
/// with them, so a misspelt option name is a compile error, not a silent nil.
struct OptionSpec {
    var name: String            // long name without dashes, e.g. "size"
    var short: Character?       // e.g. "o"
    var valueName: String?      // nil for flags; e.g. "WxH"
    var help: String
    var repeatable = false
}

/// A wrong command line. Reported with the subcommand's usage and exit status 64.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
    init(_ message: String) { self.message = message }
}

/// Why a value cannot be what its option names; `ParsedArguments.value(_:decode:)` puts the option in front.
struct InvalidValue: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A subcommand's options and positionals as typed values, decoded once (like argument-parser's
/// `ParsableArguments`). A group shared by several commands (`PipelineOptionGroup`) conforms too and is
/// decoded inside them, like `@OptionGroup`.
protocol CommandOptions {
    static var options: [OptionSpec] { get }
    /// Throws `UsageError` naming the option whose value is wrong.
    init(_ arguments: ParsedArguments) throws(UsageError)
}

/// What the parser found: the raw strings, read only through `CommandOptions` initialisers.
struct ParsedArguments {
    fileprivate(set) var values: [String: [String]] = [:]
    fileprivate(set) var flags: Set<String> = []
    fileprivate(set) var positionals: [String] = []

    var helpRequested: Bool { flags.contains("help") }

    func flag(_ option: OptionSpec) -> Bool { flags.contains(option.name) }
    func string(_ option: OptionSpec) -> String? { values[option.name]?.last }
    func strings(_ option: OptionSpec) -> [String] { values[option.name] ?? [] }

    /// The option's value through `decode`; nil decodes fail with "--name 'text' <rule>".
    func value<T>(_ option: OptionSpec, rule: String, _ decode: (String) -> T?) throws(UsageError) -> T? {
        guard let text = string(option) else { return nil }
        guard let value = decode(text) else { throw UsageError("--\(option.name) '\(text)' \(rule)") }
        return value
    }

    /// The option's value through a parser that says what is wrong: "--name: <its error>".
    func value<T>(_ option: OptionSpec, _ decode: (String) throws -> T) throws(UsageError) -> T? {
        guard let text = string(option) else { return nil }
        do { return try decode(text) } catch { throw UsageError("--\(option.name): \(error)") }
    }
}

protocol Subcommand {
    associatedtype Options: CommandOptions
    static var name: String { get }
    static var summary: String { get }
    /// e.g. "FILE..." — what follows the options.
    static var positionalUsage: String { get }
    /// Longer text after the options in --help.
    static var discussion: String { get }
    /// Positional count allowed.
    static var positionalRange: ClosedRange<Int> { get }
    /// Failures are thrown as they are (the library's own error types); main.swift prints them.
    static func run(_ options: Options) throws -> ExitStatus
}

extension Subcommand {
    static var discussion: String { "" }

    static var allOptions: [OptionSpec] {
        Options.options + [OptionSpec(name: "help", short: "h", valueName: nil, help: "Show this help and exit.")]
    }

    /// Decodes the options, then runs.
    static func run(parsed: ParsedArguments) throws -> ExitStatus {
        try run(Options(parsed))
    }

    static func helpText() -> String {
        var lines = ["Usage: edgeswipe \(name) [OPTIONS]\(positionalUsage.isEmpty ? "" : " " + positionalUsage)", "",
                     summary, "", "Options:"]
        for o in allOptions {
            var left = "  "
            left += o.short.map { "-\($0), " } ?? "    "
            left += "--\(o.name)"
            if let v = o.valueName { left += " \(v)" }
            let pad = max(2, 28 - left.count)  // two spaces at least: help2man (man pages) splits option from text there
            lines.append(left + String(repeating: " ", count: pad) + o.help)
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n")
    }

    static func parse(_ argv: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        var onlyPositionals = false
        func spec(long: String) -> OptionSpec? { allOptions.first { $0.name == long } }
        func spec(short: Character) -> OptionSpec? { allOptions.first { $0.short == short } }
        while i < argv.count {
            let arg = argv[i]
            i += 1
            if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            var name: String
            var inline: String?
            let option: OptionSpec
            if arg.hasPrefix("--") {
                let body = arg.dropFirst(2)
                if let eq = body.firstIndex(of: "=") {
                    name = String(body[..<eq])
                    inline = String(body[body.index(after: eq)...])
                } else {
                    name = String(body)
                }
                guard let o = spec(long: name) else { throw UsageError("unknown option '--\(name)'") }
                option = o
            } else {
                guard arg.count == 2, let o = spec(short: arg.last!) else { throw UsageError("unknown option '\(arg)'") }
                option = o
                name = o.name
            }
            if let valueName = option.valueName {
                let value: String
                if let inline { value = inline } else {
                    guard i < argv.count else { throw UsageError("option '--\(name)' needs a value (\(valueName))") }
                    value = argv[i]
                    i += 1
                }
                if !option.repeatable, parsed.values[name] != nil {
                    throw UsageError("option '--\(name)' given more than once")
                }
                parsed.values[name, default: []].append(value)
            } else {
                guard inline == nil else { throw UsageError("option '--\(name)' takes no value") }
                parsed.flags.insert(name)
            }
        }
        if parsed.helpRequested { return parsed }
        guard positionalRange.contains(parsed.positionals.count) else {
            if parsed.positionals.count < positionalRange.lowerBound {
                throw UsageError("missing \(positionalUsage)")
            }
            throw UsageError("unexpected argument '\(parsed.positionals[positionalRange.upperBound])'")
        }
        return parsed
    }
}

/// Failures the CLI itself finds (the library's errors are thrown as they are). Exit status 1.
enum CommandError: Error, CustomStringConvertible {
    /// No touch device to read.
    case noTouchDevice
    /// A named node that cannot be read as a touch device, and why.
    case unusableDevice(node: String, reason: String)
    case sampleNotFound(String)
    case cannotWrite(path: String, errno: Int32)
    /// A write to (or the close of) an output failed.
    case outputFailed(CheckedOutputFailure)
    /// An error of the library with the file or device it happened on, when its own text does not name it.
    indirect case at(String, any Error)

    var description: String {
        switch self {
        case .noTouchDevice:
            return "no touch device found; 'edgeswipe list-devices' shows what is there and why each is not used"
        case .unusableDevice(let node, let reason):
            return "\(node): \(reason)"
        case .sampleNotFound(let name):
            return "cannot find the bundled sample \(name) (looked in $EDGESWIPE_SAMPLES, ./samples, the install's share/edgeswipe/samples and the source tree); give one with --sample FILE"
        case .cannotWrite(let path, let errno):
            return "\(path): cannot write: \(String(cString: strerror(errno)))"
        case .outputFailed(let failure):
            return failure.description
        case .at(let place, let error):
            return "\(place): \(error)"
        }
    }
}

extension CommandError {
    /// Runs `body`, naming `place` in front of whatever it throws.
    @discardableResult
    static func naming<T>(_ place: String, _ body: () throws -> T) throws(CommandError) -> T {
        do { return try body() } catch { throw .at(place, error) }
    }
}
