/// Which toolkit a process is built with, read from the libraries it has mapped: the lines of `/proc/PID/maps`
/// (issue 35, docs/daemon.md "Back routing"). Pure: the session side reads the file (it runs as the app's user,
/// the service may not see the process) and feeds it line by line, so a maps file of any size costs one line
/// of memory; the service may feed its own reading the same way to check a report.
///
/// What counts is each mapping's file name (the path's last component, " (deleted)" removed): a library is
/// recognised by its soname prefix, so a directory named like one does not count. A process maps several
/// toolkits at once more often than not (Firefox and Chromium map GTK 3 for their dialogs, a Qt app may load the
/// GTK 3 platform theme, every libadwaita app maps GTK 4), so the answer is the most specific one found, in this
/// order: firefox (libxul.so), chromium (a chromium/chrome binary, libcef.so), kirigami (libKF5Kirigami2, KF6's
/// libKirigami, the QML plugin libKirigamiPlugin.so or a file under org/kde/kirigami.2 or org/kde/kirigami),
/// qt6 (libQt6Core), qt5 (libQt5Core), libadwaita (libadwaita-1.so), gtk4 (libgtk-4.so), gtk3 (libgtk-3.so);
/// none of them: unknown.
public struct AppToolkitScan: Sendable, Hashable {
    /// The toolkits seen, as bits of `AppToolkit.precedence`'s positions.
    private var seen: UInt16 = 0
    public private(set) var lines = 0

    public init() {}

    /// The most specific toolkit seen so far.
    public var toolkit: AppToolkit {
        for (bit, toolkit) in AppToolkit.precedence.enumerated() where seen & (1 << bit) != 0 { return toolkit }
        return .unknown
    }

    /// One line of a maps file (without its newline): `ADDRESS PERMS OFFSET DEV INODE [PATH]`.
    public mutating func take(line: Substring) {
        lines += 1
        guard let path = Self.path(of: line) else { return }
        if let toolkit = Self.toolkit(ofPath: path), let bit = AppToolkit.precedence.firstIndex(of: toolkit) {
            seen |= 1 << bit
        }
    }

    /// The path of a maps line: what follows the fifth field, from its first "/" (anonymous and special
    /// mappings, `[heap]`, `[vdso]`, have none).
    static func path(of line: Substring) -> Substring? {
        guard let slash = line.firstIndex(of: "/") else { return nil }
        var path = line[slash...]
        if path.hasSuffix(" (deleted)") { path = path.dropLast(" (deleted)".count) }
        return path
    }

    static func toolkit(ofPath path: Substring) -> AppToolkit? {
        let name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path
        if name.hasPrefix("libxul.so") { return .firefox }
        if name == "chromium" || name == "chrome" || name == "chromium-browser" || name.hasPrefix("libcef.so") { return .chromium }
        if name.hasPrefix("libKF5Kirigami2.so") || name.hasPrefix("libKirigami") || name.hasPrefix("libKF6Kirigami")
            || path.contains("/org/kde/kirigami.2/") || path.contains("/org/kde/kirigami/") { return .kirigami }
        if name.hasPrefix("libQt6Core.so") { return .qt6 }
        if name.hasPrefix("libQt5Core.so") { return .qt5 }
        if name.hasPrefix("libadwaita-1.so") { return .libadwaita }
        if name.hasPrefix("libgtk-4.so") { return .gtk4 }
        if name.hasPrefix("libgtk-3.so") { return .gtk3 }
        return nil
    }
}

extension AppToolkit {
    /// Most specific first: what a process that maps several is taken as (`AppToolkitScan`).
    public static let precedence: [AppToolkit] = [.firefox, .chromium, .kirigami, .qt6, .qt5, .libadwaita, .gtk4, .gtk3]

    /// The toolkit of a whole maps file's text.
    public static func detect(maps: String) -> AppToolkit {
        var scan = AppToolkitScan()
        for line in maps.split(separator: "\n", omittingEmptySubsequences: true) { scan.take(line: line) }
        return scan.toolkit
    }
}
