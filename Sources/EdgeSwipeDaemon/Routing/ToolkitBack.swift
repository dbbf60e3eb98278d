import EdgeSwipeControl

/// The back of each toolkit, when no configured route matches (docs/daemon.md, "Back routing", gives each entry's
/// source): Alt+Left for all but `unknown`, whose back is the configured default (the `actions`, KEY_BACK as
/// shipped). Pure.
package enum ToolkitBack {
    /// The toolkit's back; nil: the configured default.
    package static func action(for toolkit: AppToolkit) -> RouteAction? {
        switch toolkit {
        // Qt's QKeySequence::Back is Alt+Left on X11 and Wayland (qplatformtheme.cpp's keyBindings, KB_X11); its
        // Qt::Key_Back (KEY_BACK) is QKeySequence::PreviousChild, the previous tab. Kirigami's PageRow goes back
        // on a Shortcut of StandardKey.Back.
        case .qt5, .qt6, .kirigami: return .altLeft
        // AdwLeaflet (libadwaita 1.2, Debian 12) binds GDK_KEY_Back (XF86Back, KEY_BACK), Alt+Left and mouse button
        // 8 when can-navigate-back is set; AdwNavigationView (1.4) the same and Escape. Alt+Left reaches both.
        case .libadwaita: return .altLeft
        // GTK 3 and 4 bind no back of their own (GtkStack has none); GNOME's applications bind Alt+Left, as the
        // HIG names it. Where an app binds nothing, nothing goes back, whatever is sent.
        case .gtk4, .gtk3: return .altLeft
        // Both browsers go back on Alt+Left and on XF86Back (KEY_BACK).
        case .chromium, .firefox: return .altLeft
        case .unknown: return nil
        }
    }

    /// The shipped app_id rules, for a focus with no toolkit known (foreign-toplevel gives no pid): each an
    /// fnmatch glob on the app_id whose app goes back on Alt+Left.
    package static let appRules: [String] = [
        "firefox*", "org.mozilla.*", "chromium*", "org.chromium.*", "google-chrome*", "org.kde.*", "org.gnome.*",
    ]
}
