#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem

/// The kiosk page's files, read once at start into memory (bounded), served at `/` and `/<name>`.
/// Only plain names with a known type are taken: no subdirectories, no dot files, nothing read per request.
/// Only regular files: an entry under a servable name that is anything else (a symbolic link, which could
/// lead outside the root; a FIFO, which would block the service in open(); a directory, a device, a socket)
/// stops the start with an error naming it. Opened with O_NOFOLLOW | O_NONBLOCK relative to the directory,
/// and checked with fstat on the open descriptor, so a swap after readdir cannot slip one through.
package struct StaticSite: Sendable {
    package struct File: Sendable {
        package var contentType: String
        package var bytes: [UInt8]

        package init(contentType: String, bytes: [UInt8]) {
            self.contentType = contentType
            self.bytes = bytes
        }
    }

    package static let maxTotalBytes = 2 * 1024 * 1024
    package private(set) var files: [String: File] = [:]

    static let types = ["html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
                        "css": "text/css; charset=utf-8", "svg": "image/svg+xml", "png": "image/png",
                        "ico": "image/x-icon", "json": "application/json"]

    package init(files: [String: File]) { self.files = files }

    /// Reads every servable file of `directory` (which must hold index.html).
    package static func load(directory: String) throws -> StaticSite {
        let dir: OpaquePointer
        do { dir = try SystemCall.runPointer("opendir(\(directory))") { opendir(directory) } } catch {
            throw HTTPSetupError("web root \(directory): \(String(cString: strerror(error.errno.rawValue)))")
        }
        // Not through SystemCall: closedir's failure changes nothing here, and readdir's NULL ends the listing.
        defer { closedir(dir) }
        let directoryFD = dirfd(dir)
        var site = StaticSite(files: [:])
        var total = 0
        while let entry = readdir(dir) {
            let name = DirectoryEntries.name(of: entry)
            guard isServableName(name), let type = contentType(of: name) else { continue }
            let bytes = try readFile(name, in: directoryFD, directory: directory)
            total += bytes.count
            guard total <= maxTotalBytes else {
                throw HTTPSetupError("web root \(directory): more than \(maxTotalBytes) bytes of pages")
            }
            site.files[name] = File(contentType: type, bytes: bytes)
        }
        guard site.files["index.html"] != nil else { throw HTTPSetupError("web root \(directory): no index.html") }
        return site
    }

    /// The file for a request path (`/` is index.html), or nil.
    package func file(forPath path: String) -> File? {
        let name = path == "/" ? "index.html" : String(path.dropFirst())
        guard path.hasPrefix("/"), Self.isServableName(name) else { return nil }
        return files[name]
    }

    static func isServableName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "."), name.utf8.count <= 64 else { return false }
        return name.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x2E || c == 0x5F
        }
    }

    static func contentType(of name: String) -> String? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return types[String(name[name.index(after: dot)...])]
    }

    private static func readFile(_ name: String, in directoryFD: Int32, directory: String) throws -> [UInt8] {
        let path = "\(directory)/\(name)"
        func failure(_ error: SystemError) -> HTTPSetupError {
            HTTPSetupError("\(path): \(String(cString: strerror(error.errno.rawValue)))")
        }
        let file: FileDescriptor
        do {
            file = FileDescriptor(rawValue: try SystemCall.run("openat(\(path))") {
                openat(directoryFD, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            })
        } catch {
            // O_NOFOLLOW on a symbolic link fails with ELOOP.
            if error.errno == .tooManySymbolicLinks { throw notRegular(path, "a symbolic link") }
            throw failure(error)
        }
        defer { try? file.close() }
        var st = stat()
        do { try SystemCall.run("fstat(\(path))") { fstat(file.rawValue, &st) } } catch { throw failure(error) }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw notRegular(path, "a directory")
        case S_IFIFO: throw notRegular(path, "a FIFO")
        case S_IFSOCK: throw notRegular(path, "a socket")
        case S_IFCHR, S_IFBLK: throw notRegular(path, "a device")
        default: throw notRegular(path, "not a regular file")
        }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let read = chunk.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) in try file.read(into: raw) }
            }
            if case .failure(let error) = read { throw failure(error) }
            guard case .success(let n?) = read, n > 0 else { break }   // a regular file never blocks: nil cannot come
            out.append(contentsOf: chunk[0..<n])
            if out.count > maxTotalBytes { throw HTTPSetupError("\(path): larger than \(maxTotalBytes) bytes") }
        }
        return out
    }

    private static func notRegular(_ path: String, _ what: String) -> HTTPSetupError {
        HTTPSetupError("web root: \(path) is \(what); only regular files are served (copy the file in, or move it out)")
    }
}
