import EdgeSwipeSession
import Testing

@Suite struct FocusChoiceTests {
    static let sway = FocusEnvironment(swaySocket: "/run/user/1000/sway-ipc.1000.77.sock", hyprlandSignature: nil,
                                       runtimeDirectory: "/run/user/1000", hasForeignToplevel: true)
    static let phoc = FocusEnvironment(swaySocket: nil, hyprlandSignature: nil, runtimeDirectory: "/run/user/1000", hasForeignToplevel: true)
    static let hypr = FocusEnvironment(swaySocket: "", hyprlandSignature: "v0.41_1700000000_123", runtimeDirectory: "/run/user/1000",
                                       hasForeignToplevel: false)
    /// Nothing: no wlr-foreign-toplevel, neither GNOME nor KDE (weston).
    static let bare = FocusEnvironment(swaySocket: nil, hyprlandSignature: nil, runtimeDirectory: "/run/user/1000", hasForeignToplevel: false)
    static let kwin = FocusEnvironment(swaySocket: nil, hyprlandSignature: nil, runtimeDirectory: "/run/user/1000", hasForeignToplevel: false,
                                       isKDE: FocusEnvironment.namesKDE("KDE"))
    static let gnome = FocusEnvironment(swaySocket: nil, hyprlandSignature: nil, runtimeDirectory: "/run/user/1000", hasForeignToplevel: false,
                                        isGNOME: ShellExtension.isGNOME(currentDesktop: "ubuntu:GNOME"))

    @Test func autoPrefersSwayThenForeignToplevelThenHyprland() {
        #expect(FocusChoice.auto.resolve(Self.sway) == .sway(socket: "/run/user/1000/sway-ipc.1000.77.sock"))
        #expect(FocusChoice.auto.resolve(Self.phoc) == .foreignToplevel)
        // An empty $SWAYSOCK is no socket.
        #expect(FocusChoice.auto.resolve(Self.hypr) == .hyprland(directory: "/run/user/1000/hypr/v0.41_1700000000_123"))
        // GNOME (issue 39): the Shell extension, last, since a wlroots compositor run from GNOME's login is no GNOME.
        #expect(FocusChoice.auto.resolve(Self.gnome) == .gnomeShell)
        var swayFromGNOME = Self.sway
        swayFromGNOME.isGNOME = true
        #expect(FocusChoice.auto.resolve(swayFromGNOME) == .sway(socket: "/run/user/1000/sway-ipc.1000.77.sock"))
        #expect(FocusChoice.auto.resolve(Self.kwin) == .kwin)
        guard case .none(let why) = FocusChoice.auto.resolve(Self.bare) else { Issue.record("weston has a source"); return }
        #expect(why.hasPrefix("no focus source"))
    }

    @Test func anExplicitChoiceThatCannotBeHadSaysWhy() {
        #expect(FocusChoice.foreignToplevel.resolve(Self.sway) == .foreignToplevel)
        #expect(FocusChoice.sway.resolve(Self.phoc) == .none(why: "--focus sway, but $SWAYSOCK is not set (is this sway?)"))
        #expect(FocusChoice.gnomeShell.resolve(Self.phoc) == .none(why: "--focus gnome-shell, but $XDG_CURRENT_DESKTOP names no GNOME (is this GNOME?)"))
        #expect(FocusChoice.gnomeShell.resolve(Self.gnome) == .gnomeShell)
        #expect(FocusChoice.kwin.resolve(Self.gnome) == .none(why: "--focus kwin, but $XDG_CURRENT_DESKTOP names no KDE (is this KDE Plasma?)"))
        #expect(FocusChoice.kwin.resolve(Self.kwin) == .kwin)
        #expect(FocusChoice.foreignToplevel.resolve(Self.gnome)
                == .none(why: "--focus foreign-toplevel, but the compositor offers no zwlr_foreign_toplevel_manager_v1"))
        #expect(FocusChoice.none.resolve(Self.sway) == .none(why: "--focus none: the focused window is not reported"))
        // A signature that would leave $XDG_RUNTIME_DIR/hypr is none.
        let escape = FocusEnvironment(swaySocket: nil, hyprlandSignature: "../../etc", runtimeDirectory: "/run/user/1000", hasForeignToplevel: false)
        guard case .none = FocusChoice.hyprland.resolve(escape) else { Issue.record("a signature with a slash was taken"); return }
    }

    /// $XDG_CURRENT_DESKTOP is a colon-separated list; GNOME is one of its entries, in any case.
    @Test func gnomeIsAnEntryOfXDGCurrentDesktop() {
        for yes in ["GNOME", "ubuntu:GNOME", "GNOME-Classic:GNOME", "gnome"] { #expect(ShellExtension.isGNOME(currentDesktop: yes), "\(yes)") }
        for no in [nil, "", "KDE", "sway", "GNOME-Flashback-X", "Unity:GNOMEish", "phosh"] {
            #expect(!ShellExtension.isGNOME(currentDesktop: no), "\(no ?? "nil")")
        }
    }

    @Test func kdeIsAnEntryOfXDGCurrentDesktop() {
        for yes in ["KDE", "kde", "KDE:Plasma"] { #expect(FocusEnvironment.namesKDE(yes), "\(yes)") }
        for no in [nil, "", "GNOME", "KDEish", "plasma"] { #expect(!FocusEnvironment.namesKDE(no), "\(no ?? "nil")") }
    }

    @Test func theOptionsValues() {
        #expect(FocusChoice.valueNames == "none|auto|sway|foreign-toplevel|hyprland|gnome-shell|kwin")
        #expect(FocusChoice(rawValue: "foreign-toplevel") == .foreignToplevel)
        #expect(FocusChoice(rawValue: "Sway") == nil)
    }
}
