import EdgeSwipeSystem
import Foundation
import Glibc
import Testing

/// CheckedOutput, the one way the CLI writes (issue 22 defect 5): the first failed write or close is kept, named
/// and never lost, whether the output is buffered or not; later writes are dropped; a good file is written whole.
@Suite struct CheckedOutputTests {
    static func open(_ path: String, _ flags: Int32) throws -> FileDescriptor {
        FileDescriptor(rawValue: try SystemCall.run("open") { Glibc.open(path, flags | O_CLOEXEC) })
    }

    @Test("a full device (ENOSPC): the first write fails, the failure names the output, later writes are dropped")
    func fullDeviceUnbuffered() throws {
        let output = CheckedOutput(descriptor: try Self.open("/dev/full", O_WRONLY), name: "standard output", closesDescriptor: true)
        #expect(output.failure == nil)
        output.line("one")
        let failure = try #require(output.failure)
        #expect(failure == CheckedOutputFailure(output: "standard output", operation: .write, errno: Errno(rawValue: ENOSPC)))
        #expect(failure.description == "error writing standard output: No space left on device (errno 28)")
        output.line("two")
        #expect(output.close() == failure)
        #expect(output.close() == failure)   // a second close is the same answer, not a second close(2)
    }

    /// Buffered: nothing reaches the descriptor below the limit, so the failure appears at the limit, the flush or
    /// the close at exit; it is never lost.
    @Test("buffered: the failure appears when the buffer is written, at the limit, the flush or the close", arguments: [0, 1, 2])
    func fullDeviceBuffered(_ when: Int) throws {
        let output = CheckedOutput(descriptor: try Self.open("/dev/full", O_WRONLY), name: "/dev/full", bufferLimit: 16, closesDescriptor: true)
        output.write("0123456789")
        #expect(output.failure == nil)
        switch when {
        case 0: output.write("0123456789")   // passes the limit
        case 1: output.flush()
        default: _ = output.close()
        }
        #expect(output.failure?.errno == Errno(rawValue: ENOSPC))
        #expect(output.failure?.operation == .write)
        #expect(output.close()?.output == "/dev/full")
    }

    @Test("a descriptor not open for writing (EBADF)")
    func readOnlyDescriptor() throws {
        let output = CheckedOutput(descriptor: try Self.open("/dev/null", O_RDONLY), name: "standard output", closesDescriptor: true)
        output.write("x")
        #expect(output.close() == CheckedOutputFailure(output: "standard output", operation: .write, errno: .badFileDescriptor))
    }

    @Test("a created file holds every byte written, in order, across buffer flushes; closing it reports nothing")
    func createdFileIsWrittenWhole() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("checked-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.txt").path
        let output = try CheckedOutput.create(path: path, bufferLimit: 100)
        var expected = ""
        for i in 0..<1000 {
            output.line("line \(i)")
            expected += "line \(i)\n"
        }
        #expect(output.close() == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }

    @Test("a file that cannot be created throws, naming the path and the errno")
    func createFails() {
        #expect(throws: SystemError(errno: .noEntry, operation: "open(\"/nonexistent/dir/out\")")) {
            _ = try CheckedOutput.create(path: "/nonexistent/dir/out")
        }
    }
}
