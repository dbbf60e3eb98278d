import CEdgeSwipeSys
import Glibc

/// A file descriptor number and the operations on it, each through `SystemCall`.
///
/// A value, like swift-system's: copying it does not duplicate the descriptor, and it never closes itself.
/// Exactly one owner closes it, once: a `LoopRegistration` (descriptors on the event loop), `closeAfter`
/// (a scope), or an object that documents it (`LiveDevice`).
public struct FileDescriptor: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public struct OpenOptions: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let readOnly = OpenOptions([])
        public static let writeOnly = OpenOptions(rawValue: O_WRONLY)
        public static let readWrite = OpenOptions(rawValue: O_RDWR)
        public static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
        public static let closeOnExec = OpenOptions(rawValue: O_CLOEXEC)
        /// Names the file without opening it: fstat may look at a device node or a FIFO before anything opens it.
        public static let pathOnly = OpenOptions(rawValue: edgeswipe_o_path())
        public static let noControllingTerminal = OpenOptions(rawValue: O_NOCTTY)
    }

    /// Opens `path`; close-on-exec is always added.
    public static func open(_ path: String, _ options: OpenOptions) throws(SystemError) -> FileDescriptor {
        let flags = options.union(.closeOnExec).rawValue
        return FileDescriptor(rawValue: try SystemCall.run("open(\"\(path)\")") { Glibc.open(path, flags) })
    }

    /// A pipe, both ends close-on-exec (and non-blocking with `nonBlocking`).
    public static func pipe(nonBlocking: Bool = false) throws(SystemError) -> (read: FileDescriptor, write: FileDescriptor) {
        var fds: [Int32] = [-1, -1]
        let flags = O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)
        try SystemCall.run("pipe2") { edgeswipe_pipe2(&fds, flags) }
        return (FileDescriptor(rawValue: fds[0]), FileDescriptor(rawValue: fds[1]))
    }

    /// Reads what is available: the byte count (0 at end of file), or nil when a non-blocking descriptor
    /// has nothing now.
    @inlinable
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
        try SystemCall.nonBlocking("read(fd \(rawValue))") { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Reads at `offset` without moving the descriptor's position (pread), so readers can share it: the byte
    /// count, 0 at end of file.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(SystemError) -> Int {
        try SystemCall.run("pread(fd \(rawValue))") { Glibc.pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Reads a blocking descriptor until its end or `limit` bytes, whichever comes first: for small files, /proc
    /// files among them, whose size stat cannot tell. A caller that must refuse a longer file checks `count == limit`.
    public func readToEnd(upTo limit: Int) throws(SystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: limit)
        var n = 0
        while n < limit {
            let got = try bytes.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) in try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[n...])) }
            }.get()
            guard let got, got > 0 else { break }
            n += got
        }
        return Array(bytes[0..<n])
    }

    /// Writes what the descriptor takes now: the byte count, or nil when a non-blocking descriptor is full.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int? {
        try SystemCall.nonBlocking("write(fd \(rawValue))") { Glibc.write(rawValue, bytes.baseAddress, bytes.count) }
    }

    /// Writes every byte, retrying short writes. For blocking descriptors: on a full non-blocking one it
    /// stops and returns how many bytes were written.
    @discardableResult
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        var done = 0
        while done < bytes.count {
            guard let n = try write(UnsafeRawBufferPointer(rebasing: bytes[done...])) else { break }
            done += n
        }
        return done
    }

    @discardableResult
    public func writeAll(_ bytes: some Sequence<UInt8>) throws(SystemError) -> Int {
        let array = Array(bytes)
        return try array.withUnsafeBytes { raw in
            Result { () throws(SystemError) -> Int in try writeAll(raw) }
        }.get()
    }

    /// Accepts one pending connection on a listening socket, non-blocking and close-on-exec; nil when none
    /// is pending.
    public func accept() throws(SystemError) -> FileDescriptor? {
        let flags = Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        return try SystemCall.nonBlocking("accept(fd \(rawValue))") { edgeswipe_accept4(rawValue, nil, nil, flags) }
            .map(FileDescriptor.init(rawValue:))
    }

    /// Closes. EINTR is not retried: on Linux the descriptor is gone either way. Call it once, from the owner.
    public func close() throws(SystemError) {
        if Glibc.close(rawValue) == -1 {
            let e = Errno.current
            if e != .interrupted { throw SystemError(errno: e, operation: "close(fd \(rawValue))") }
        }
    }

    /// Runs `body`, then closes the descriptor whether `body` returned or threw.
    /// `body`'s error wins over a failed close.
    public func closeAfter<R>(_ body: () throws -> R) throws -> R {
        let result: R
        do {
            result = try body()
        } catch {
            try? close()
            throw error
        }
        try close()
        return result
    }

    public var description: String { "fd \(rawValue)" }
}
