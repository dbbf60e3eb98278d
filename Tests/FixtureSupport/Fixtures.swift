import Foundation

/// Locates Tests/Fixtures from this source file, so tests read only the project's own copies.
public enum Fixtures {
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // FixtureSupport
        .deletingLastPathComponent()   // Tests
        .appendingPathComponent("Fixtures", isDirectory: true)

    public static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    public static func path(_ name: String) -> String { url(name).path }

    /// The package root (for tests that run the built binary).
    public static let packageRoot: URL = directory.deletingLastPathComponent().deletingLastPathComponent()
}
