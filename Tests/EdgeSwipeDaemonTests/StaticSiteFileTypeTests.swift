import Foundation
import Synchronization
import Testing
@testable import EdgeSwipeDaemon

/// Issue 14 item 5: the web root followed symbolic links and opened anything. Class covered: file types
/// in the web root under a servable name (symbolic link to a file outside, to a file inside, dangling;
/// FIFO; directory; socket) — each refused at start with an error naming the entry; regular files load.
@Suite(.serialized) struct StaticSiteFileTypeTests {
    /// A fresh web root holding index.html; removed by the caller.
    static func makeRoot() throws -> String {
        var template = Array("/tmp/edgeswipe-webroot-XXXXXX".utf8CString)
        let dir = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) })
        let root = String(cString: dir)
        try "<html>kiosk</html>".write(toFile: "\(root)/index.html", atomically: false, encoding: .utf8)
        return root
    }

    static func remove(_ root: String) { try? FileManager.default.removeItem(atPath: root) }

    static func loadError(_ root: String) -> String? {
        do { _ = try StaticSite.load(directory: root); return nil } catch { return "\(error)" }
    }

    @Test func regularFilesLoad() throws {
        let root = try Self.makeRoot()
        defer { Self.remove(root) }
        try "body{}".write(toFile: "\(root)/style.css", atomically: false, encoding: .utf8)
        let site = try StaticSite.load(directory: root)
        #expect(site.files.keys.sorted() == ["index.html", "style.css"])
        #expect(site.files["style.css"]?.bytes == Array("body{}".utf8))
    }

    @Test func aSymbolicLinkToAFileOutsideIsRefusedByName() throws {
        let root = try Self.makeRoot()
        defer { Self.remove(root) }
        let outside = "\(root)-secret"
        try "root-only secret".write(toFile: outside, atomically: false, encoding: .utf8)
        defer { unlink(outside) }
        chmod(outside, 0o600)
        #expect(symlink(outside, "\(root)/secret.html") == 0)
        let error = try #require(Self.loadError(root))
        #expect(error.contains("secret.html") && error.contains("symbolic link"))
    }

    @Test func symbolicLinksInsideAndDanglingAreRefusedToo() throws {
        for target in ["index.html", "/nonexistent/edgeswipe"] {
            let root = try Self.makeRoot()
            defer { Self.remove(root) }
            #expect(symlink(target, "\(root)/app.js") == 0)
            let error = try #require(Self.loadError(root), "link to \(target)")
            #expect(error.contains("app.js") && error.contains("symbolic link"))
        }
    }

    @Test func aDirectoryOrSocketUnderAServableNameIsRefused() throws {
        let root = try Self.makeRoot()
        defer { Self.remove(root) }
        #expect(mkdir("\(root)/dir.css", 0o755) == 0)
        let error = try #require(Self.loadError(root))
        #expect(error.contains("dir.css") && error.contains("directory"))
    }

    /// The old code blocked in open() on a FIFO until a writer came; the loader must return at once.
    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let root = try Self.makeRoot()
        defer { Self.remove(root) }
        #expect(mkfifo("\(root)/feed.json", 0o644) == 0)
        let result = Mutex<String?>(nil)
        let done = Atomic<Bool>(false)
        let thread = Thread {
            result.withLock { $0 = Self.loadError(root) ?? "loaded" }
            done.store(true, ordering: .releasing)
        }
        thread.start()
        let deadline = Date().addingTimeInterval(2)
        while !done.load(ordering: .acquiring), Date() < deadline { usleep(10_000) }
        let returnedInTime = done.load(ordering: .acquiring)
        if !returnedInTime {
            // Unblock the stuck open() so the thread ends: a writer arrives and leaves.
            let w = open("\(root)/feed.json", O_WRONLY | O_NONBLOCK)
            if w >= 0 { close(w) }
            while !done.load(ordering: .acquiring) { usleep(10_000) }
        }
        #expect(returnedInTime)
        let error = result.withLock { $0 } ?? ""
        #expect(error.contains("feed.json") && error.contains("FIFO"))
    }
}
