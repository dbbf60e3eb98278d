import Foundation
import Testing
import TouchTrace

#if canImport(Glibc)
import Glibc
import TouchModel
#endif

/// Files that are not traces at all: missing, not regular, absurdly long lines.
@Suite("trace files: I/O and size limits")
struct FileErrorTests {
    @Test("a missing file names the file and errno")
    func missing() throws {
        let error = try #require(traceError { try TraceReader.read(path: "/nonexistent/dir/x.events") })
        #expect(error.file == "/nonexistent/dir/x.events")
        #expect(error.description.contains("No such file"))
    }

    @Test("a FIFO is refused without blocking")
    func fifo() throws {
        let dir = try TempDir()
        defer { dir.remove() }
        let path = dir.path("pipe")
        #expect(mkfifo(path, 0o600) == 0)
        let error = try #require(traceError { try TraceReader.read(path: path) })
        #expect(error.problem == .notARegularFile)
    }

    @Test("a directory is refused")
    func directory() throws {
        let dir = try TempDir()
        defer { dir.remove() }
        let error = try #require(traceError { try TraceReader.read(path: dir.url.path) })
        #expect(error.problem == .notARegularFile)
    }

    /// 100 MB in one line, after a valid description (evemu) or header (YAML): refused at that line
    /// by a single memchr pass, before any parsing.
    @Test("a single line of 100 MB", arguments: ["evemu", "yaml", "evemu-comment"])
    func hugeLine(_ kind: String) throws {
        let dir = try TempDir()
        defer { dir.remove() }
        let head: String
        let lineNumber: Int
        switch kind {
        case "evemu": head = sampleDescription; lineNumber = sampleDescriptionLines + 1
        case "evemu-comment": head = sampleDescription + "E: 0.000000 0000 0000 0000 #"; lineNumber = sampleDescriptionLines + 1
        default: head = "version: 1\nndevices: 1\nname: "; lineNumber = 3
        }
        let path = dir.path("huge")
        try Data(head.utf8).write(to: URL(fileURLWithPath: path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        if kind == "evemu" {
            // Real bytes: 100 chunks of 1 MB of "x".
            try handle.seekToEnd()
            let chunk = Data(repeating: UInt8(ascii: "x"), count: 1_000_000)
            for _ in 0..<100 { try handle.write(contentsOf: chunk) }
        } else {
            // A sparse file: the line is 100 MB of NUL bytes, written in no time.
            try handle.truncate(atOffset: UInt64(head.utf8.count) + 100_000_000)
        }
        try handle.close()
        let error = try #require(traceError { try TraceReader.read(path: path) })
        #expect(error.line == lineNumber)
        guard case .lineTooLong(let length, _) = error.problem else { Issue.record("\(error.problem)"); return }
        #expect(length >= 100_000_000)
    }

    @Test("the description file of a pair must hold a description")
    func descriptionWithoutDescription() throws {
        let dir = try TempDir()
        defer { dir.remove() }
        let events = try dir.write("a.events", sampleEvents)
        let notDesc = try dir.write("b.desc", sampleEvents)
        let error = try #require(traceError { try TraceReader.read(path: events, description: notDesc) })
        #expect(error.file == notDesc)
    }
}
