#if canImport(Glibc)
import Glibc
#endif

/// The matchers of routes: fnmatch(3) for app_id globs and POSIX regcomp/regexec for title regexes (Glibc's,
/// no hand-written matcher). Pure: no I/O, no clock; not system calls (they report no errno), so not through
/// SystemCall.
package enum RoutePattern {
    /// Whether `text` matches the glob (no flags: `*` crosses dots, as app_ids have no path separators).
    package static func glob(_ pattern: String, matches text: String) -> Bool {
        fnmatch(pattern, text, 0) == 0
    }

    /// Why `pattern` cannot be a route's title regex (regerror's words), or nil.
    package static func regexProblem(_ pattern: String) -> String? {
        switch CompiledRegex.compile(pattern) {
        case .success: return nil
        case .failure(let problem): return problem.message
        }
    }
}

/// One compiled POSIX extended regular expression; freed with it. Loop thread only (regex_t is not Sendable).
package final class CompiledRegex {
    private var regex = regex_t()

    /// What regcomp said of a pattern it refused (regerror's words).
    package struct Problem: Error, Hashable, Sendable {
        package var message: String
    }

    private init() {}

    package static func compile(_ pattern: String) -> Result<CompiledRegex, Problem> {
        let compiled = CompiledRegex()
        let code = regcomp(&compiled.regex, pattern, REG_EXTENDED | REG_NOSUB)
        guard code == 0 else {
            var buffer = [CChar](repeating: 0, count: 256)
            regerror(code, &compiled.regex, &buffer, buffer.count)
            // regcomp frees what it allocated when it fails: nothing to regfree.
            compiled.failed = true
            return .failure(Problem(message: String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(compiled)
    }

    private var failed = false

    deinit {
        if !failed { regfree(&regex) }
    }

    /// Whether the expression is found in `text`.
    package func matches(_ text: String) -> Bool {
        regexec(&regex, text, 0, nil, 0) == 0
    }
}

/// The routes' title regexes, each compiled the first time a decision needs it and kept (regcomp costs tens of
/// microseconds; a decision with nine title routes paid it nine times). Keyed by the pattern, so a reload that keeps
/// a pattern keeps its compilation; at most `limit` kept (a reload that brings new patterns starts over past it).
/// Loop thread only, as CompiledRegex.
package final class TitleRegexes {
    private var compiled: [String: CompiledRegex?] = [:]
    /// regcomp calls made (the tests' and the benchmark's count).
    package private(set) var compilations = 0
    package static let limit = 256

    package init() {}

    /// Whether `pattern` is found in `title`; a pattern that does not compile (checked when the configuration was
    /// read, so only a stale one) matches nothing.
    package func matches(_ pattern: String, _ title: String) -> Bool {
        if let kept = compiled[pattern] { return kept?.matches(title) ?? false }
        if compiled.count >= Self.limit { compiled.removeAll(keepingCapacity: true) }
        compilations += 1
        let regex: CompiledRegex?
        if case .success(let r) = CompiledRegex.compile(pattern) { regex = r } else { regex = nil }
        compiled[pattern] = regex
        return regex?.matches(title) ?? false
    }

    package var count: Int { compiled.count }
}
