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
