// A small command-line parser: a command per subcommand, help on every option, exit codes 0 / 1 / 64.

/// Exit statuses, as sysexits.h and swift-argument-parser use them.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 64
}

/// One option a subcommand accepts.
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

/// A failure while running (bad file, missing device). Exit status 1.
struct RuntimeError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
    init(_ message: String) { self.message = message }
}

/// What the parser found.
struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
}

protocol Subcommand {
    static var name: String { get }
    static var summary: String { get }
    /// e.g. "FILE..." — what follows the options.
    static var positionalUsage: String { get }
    /// Longer text after the options in --help.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    /// Positional count allowed.
    static var positionalRange: ClosedRange<Int> { get }
    static func run(_ arguments: ParsedArguments) throws -> ExitStatus
}

extension Subcommand {
    static var discussion: String { "" }

    static var allOptions: [OptionSpec] {
        options + [OptionSpec(name: "help", short: "h", valueName: nil, help: "Show this help and exit.")]
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

    static func parse(_ argv: [String]) throws -> ParsedArguments {
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
            if option.valueName != nil {
                let value: String
                if let inline { value = inline } else {
                    guard i < argv.count else { throw UsageError("option '--\(name)' needs a value (\(option.valueName!))") }
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
        if parsed.flag("help") { return parsed }
        guard positionalRange.contains(parsed.positionals.count) else {
            if parsed.positionals.count < positionalRange.lowerBound {
                throw UsageError("missing \(positionalUsage)")
            }
            throw UsageError("unexpected argument '\(parsed.positionals[positionalRange.upperBound])'")
        }
        return parsed
    }
}
