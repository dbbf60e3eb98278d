#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeDaemon
import EdgeSwipeSystem
import Synchronization
import TouchModel

/// Every byte the CLI writes goes through here: standard output (buffered; `stdout` writes a line through at
/// once), standard error, and the files commands create (`create`). Each remembers its first failed write;
/// `finish`, called once by main.swift after any command, closes them all, reports each failure and turns
/// the exit status into 1. A command cannot forget the check: it has no other way to write.
enum Output {
    static let standardOutput = CheckedOutput(descriptor: FileDescriptor(rawValue: STDOUT_FILENO), name: "standard output",
                                              bufferLimit: 1 << 16, closesDescriptor: true)
    static let standardError = CheckedOutput(descriptor: FileDescriptor(rawValue: STDERR_FILENO), name: "standard error",
                                             closesDescriptor: true)
    /// Files created by commands, closed (and checked) at exit if the command did not close them.
    private static let files = Mutex<[CheckedOutput]>([])

    /// One line on stdout, written at once (live output and one-off lines).
    static func stdout(_ text: String) {
        standardOutput.line(text)
        standardOutput.flush()
    }

    /// One line on stderr; what stdout holds goes first, so the two read in order on a terminal.
    static func stderr(_ text: String) {
        standardOutput.flush()
        standardError.line(text)
    }

    /// `--verbose`: the state machines' "state -> event -> state" lines, one per line on stderr (device and
    /// recognizer names escaped), so that stdout is what it is without the option.
    static let transitionSink = LogSink { _, line in stderr(TerminalText.escaped(line)) }

    /// Text on stderr as it is (progress lines with "\r").
    static func stderrRaw(_ text: String) {
        standardError.write(text)
    }

    // Not through SystemCall: isatty's "no" (ENOTTY, EBADF) is the answer, not an error.
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Creates the file at `path` for a command's output. A failure to open throws (naming the path); write
    /// failures are the output's (`CheckedOutput.close`), and `finish` checks it at the latest.
    static func create(path: String) throws(CommandError) -> CheckedOutput {
        let file: CheckedOutput
        do throws(SystemError) { file = try CheckedOutput.create(path: path) } catch { throw .cannotWrite(path: path, errno: error.errno.rawValue) }
        files.withLock { $0.append(file) }
        return file
    }

    /// Closes a file `create` made, after the command's last write to it: its first failure is thrown (and so
    /// reported once, by main.swift).
    static func close(_ file: CheckedOutput) throws(CommandError) {
        files.withLock { $0.removeAll { $0 === file } }
        if let failure = file.close() { throw .outputFailed(failure) }
    }

    /// Closes every output; each failure is reported on stderr (while stderr works) after `program`'s name.
    /// Returns `status`, or 1 when it was 0 and an output failed.
    static func finish(status: Int32, program: String) -> Int32 {
        let outputs = files.withLock { $0 } + [standardOutput]
        var failed = false
        for output in outputs {
            guard let failure = output.close() else { continue }
            failed = true
            standardError.line("\(program): " + TerminalText.escaped(failure.description))
        }
        if standardError.close() != nil { failed = true }
        return failed && status == ExitStatus.success.rawValue ? ExitStatus.failure.rawValue : status
    }
}
