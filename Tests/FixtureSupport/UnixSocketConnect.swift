import EdgeSwipeSystem

/// Connects a blocking Unix stream socket for test clients (the control socket's), through the program's own
/// connect (`UnixStream`).
public enum UnixSocketConnect {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Returns the connected descriptor; the caller closes it.
    public static func connect(path: String) throws -> Int32 {
        do {
            return try UnixStream.connected(to: path, nonBlocking: false).rawValue
        } catch {
            throw Failure(description: "\(error)")
        }
    }
}
