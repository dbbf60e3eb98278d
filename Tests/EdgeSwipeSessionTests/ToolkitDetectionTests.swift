import EdgeSwipeControl
import FixtureSupport
import Foundation
import Testing

/// The toolkit from `/proc/PID/maps`: the real maps of the test apps (Tests/Fixtures/maps, README there), each
/// expected from reading the file (`grep` for the table's libraries: which ones each maps is listed in the README),
/// and lines written by hand for the cases no fixture has.
@Suite struct ToolkitDetectionTests {
    static func maps(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: Fixtures.url("maps/" + name)), as: UTF8.self)
    }

    @Test(arguments: [
        // Maps libadwaita-1.so.0 and libgtk-4.so.1.800.3 (every libadwaita app maps GTK 4): libadwaita.
        ("adw-leaflet-python3-gtk4-libadwaita.maps", AppToolkit.libadwaita),
        // Maps libgtk-3.so.0.2406.32 only.
        ("gtk3-stack-python3-gtk3.maps", .gtk3),
        // Maps libQt5Core.so.5.15.8, libKF5Kirigami2.so.5.103.0 and the QML plugin under qt5/qml/org/kde/kirigami.2.
        ("kirigami-pages-qmlscene-qt5.maps", .kirigami),
        // sway itself: wlroots, pixman, no toolkit.
        ("sway-1.7-compositor.maps", .unknown),
    ])
    func theRealMapsOfTheTestApps(file: String, expected: AppToolkit) throws {
        #expect(AppToolkit.detect(maps: try Self.maps(file)) == expected)
    }

    @Test func theKirigamiAppWithoutKirigamiIsQt5() throws {
        // The same process's maps with every Kirigami line taken out: what a plain Qt 5 Quick app maps.
        let lines = try Self.maps("kirigami-pages-qmlscene-qt5.maps").split(separator: "\n")
            .filter { !$0.contains("irigami") }
        #expect(lines.contains { $0.hasSuffix("libQt5Core.so.5.15.8") })
        #expect(AppToolkit.detect(maps: lines.joined(separator: "\n")) == .qt5)
    }

    @Test func theLibadwaitaAppWithoutLibadwaitaIsGtk4() throws {
        let lines = try Self.maps("adw-leaflet-python3-gtk4-libadwaita.maps").split(separator: "\n").filter { !$0.contains("libadwaita") }
        #expect(AppToolkit.detect(maps: lines.joined(separator: "\n")) == .gtk4)
    }

    static func line(_ path: String) -> String { "7f3a1c000000-7f3a1c200000 r-xp 00000000 fe:01 1234567                    \(path)" }

    @Test func browsersWinOverTheGtk3TheyMapForDialogs() {
        let firefox = [Self.line("/usr/lib/x86_64-linux-gnu/libgtk-3.so.0.2406.32"), Self.line("/usr/lib/firefox-esr/libxul.so")]
        #expect(AppToolkit.detect(maps: firefox.joined(separator: "\n")) == .firefox)
        let chromium = [Self.line("/usr/lib/chromium/chromium"), Self.line("/usr/lib/x86_64-linux-gnu/libgtk-3.so.0.2406.32")]
        #expect(AppToolkit.detect(maps: chromium.joined(separator: "\n")) == .chromium)
        #expect(AppToolkit.detect(maps: Self.line("/opt/google/chrome/chrome")) == .chromium)
        #expect(AppToolkit.detect(maps: Self.line("/opt/spotify/libcef.so")) == .chromium)
        // A Qt app that loaded the GTK 3 platform theme is a Qt app.
        let qt = [Self.line("/usr/lib/x86_64-linux-gnu/qt5/plugins/platformthemes/libqgtk3.so"),
                  Self.line("/usr/lib/x86_64-linux-gnu/libgtk-3.so.0.2406.32"), Self.line("/usr/lib/x86_64-linux-gnu/libQt5Core.so.5.15.8")]
        #expect(AppToolkit.detect(maps: qt.joined(separator: "\n")) == .qt5)
    }

    @Test func qt6AndKf6Kirigami() {
        #expect(AppToolkit.detect(maps: Self.line("/usr/lib/x86_64-linux-gnu/libQt6Core.so.6.4.2")) == .qt6)
        let kf6 = [Self.line("/usr/lib/x86_64-linux-gnu/libQt6Core.so.6.6.2"),
                   Self.line("/usr/lib/x86_64-linux-gnu/qt6/qml/org/kde/kirigami/libKirigamiplugin.so")]
        #expect(AppToolkit.detect(maps: kf6.joined(separator: "\n")) == .kirigami)
        // Flatpak's runtime paths, and a library replaced on disk since it was mapped.
        #expect(AppToolkit.detect(maps: Self.line("/app/lib/libadwaita-1.so.0 (deleted)")) == .libadwaita)
        #expect(AppToolkit.detect(maps: Self.line("/usr/lib/x86_64-linux-gnu/libgtk-4.so.1.1400.4")) == .gtk4)
    }

    @Test func namesThatOnlyLookLikeALibraryDoNotCount() {
        // A directory named like a library, a name that merely contains one, anonymous mappings.
        let lines = [Self.line("/home/u/libxul.so/notes.txt"), Self.line("/usr/lib/x86_64-linux-gnu/libgtk-3-extra.so"),
                     Self.line("/usr/share/doc/chromium-common/README"), "7ffd1e5e2000-7ffd1e603000 rw-p 00000000 00:00 0                          [stack]",
                     "55d0c9a00000-55d0c9c21000 rw-p 00000000 00:00 0                          [heap]", "", "garbage"]
        #expect(AppToolkit.detect(maps: lines.joined(separator: "\n")) == .unknown)
        #expect(AppToolkit.detect(maps: "") == .unknown)
    }
}
