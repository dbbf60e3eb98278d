#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import Testing

/// The sanitizers stage found the doctor's /proc listing reading a readdir record as a whole `struct dirent`
/// (heap-buffer-overflow in ProcessTable.entries): a record is only as long as its name. Every listing in the
/// program (the doctor's /proc, the udev tag directory, the web root) now reads names through
/// DirectoryEntries; this lists a directory of names of every length 1 to 255 (records of every size, so some
/// end at the end of readdir's buffer), which under AddressSanitizer fails with the old read.
@Suite struct DirectoryEntriesTests {
    @Test func namesOfEveryLengthAreListedExactly() throws {
        var template = Array("/tmp/edgeswipe-dirent-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        defer {
            for name in (try? DirectoryEntries.names(of: directory)) ?? [] { unlink(directory + "/" + name) }
            rmdir(directory)
        }
        var made: Set<String> = []
        for length in 1...255 {
            for letter in ["a", "b", "c", "d"] {
                let name = String(repeating: letter, count: length)
                let fd = open(directory + "/" + name, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
                #expect(fd >= 0, "create \(length) × \(letter)")
                close(fd)
                made.insert(name)
            }
        }
        let listed = try DirectoryEntries.names(of: directory)
        #expect(listed.count == 1020)
        #expect(Set(listed) == made)
        #expect(!listed.contains(".") && !listed.contains(".."))
    }

    @Test func aMissingDirectoryIsAnErrorNamingIt() {
        do {
            _ = try DirectoryEntries.names(of: "/nonexistent-edgeswipe-dir")
            Issue.record("listed a missing directory")
        } catch {
            #expect(error.description.contains("opendir(/nonexistent-edgeswipe-dir)"), "\(error)")
            #expect(error.errno == Errno(rawValue: ENOENT))
        }
    }
}
