import Foundation

/// A fresh directory under /tmp, removed when the value goes away.
final class TempDirectory: Sendable {
    let path: String

    init() {
        var template = Array("/tmp/edgeswipe-daemon-test.XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let p = file(name)
        _ = FileManager.default.createFile(atPath: p, contents: Data(text.utf8))
        return p
    }
}
