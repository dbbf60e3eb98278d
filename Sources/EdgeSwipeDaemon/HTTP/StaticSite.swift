#if canImport(Glibc)
import Glibc
#endif

/// The kiosk page's files, read once at start into memory (bounded), served at `/` and `/<name>`.
/// Only plain names with a known type are taken: no subdirectories, no dot files, nothing read per request.
public struct StaticSite: Sendable {
    public struct File: Sendable {
        public var contentType: String
        public var bytes: [UInt8]

        public init(contentType: String, bytes: [UInt8]) {
            self.contentType = contentType
            self.bytes = bytes
        }
    }

    public static let maxTotalBytes = 2 * 1024 * 1024
    public private(set) var files: [String: File] = [:]

    static let types = ["html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
                        "css": "text/css; charset=utf-8", "svg": "image/svg+xml", "png": "image/png",
                        "ico": "image/x-icon", "json": "application/json"]

    public init(files: [String: File]) { self.files = files }

    /// Reads every servable file of `directory` (which must hold index.html).
    public static func load(directory: String) throws -> StaticSite {
        guard let dir = opendir(directory) else {
            throw HTTPSetupError("web root \(directory): \(String(cString: strerror(errno)))")
        }
        defer { closedir(dir) }
        var site = StaticSite(files: [:])
        var total = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard isServableName(name), let type = contentType(of: name) else { continue }
            let bytes = try readFile("\(directory)/\(name)")
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
    public func file(forPath path: String) -> File? {
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

    private static func readFile(_ path: String) throws -> [UInt8] {
        guard let f = fopen(path, "r") else { throw HTTPSetupError("\(path): \(String(cString: strerror(errno)))") }
        defer { fclose(f) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            if out.count > maxTotalBytes { throw HTTPSetupError("\(path): larger than \(maxTotalBytes) bytes") }
        }
        return out
    }
}
