import Gestures

/// GNOME Shell (issue 39, item 3): enabled extensions that take edge or touchscreen gestures, the Shell's own edge
/// drags, and its three-finger touchscreen pans. Only when the user's session runs GNOME Shell (`facts.desktop.gnome`).
extension DoctorChecks {
    /// Extensions known to take edge or touchscreen gestures, by UUID (each from its own metadata.json or README).
    public static let gnomeGestureExtensions: [String: String] = [
        // harshadgavali/gnome-gesture-improvements: replaces the Shell's swipe gestures with its own.
        "gestureImprovements@gestures": "Gesture Improvements",
        // amarullz/windowgestures (and its older "My Window Gestures"): window gestures with edge areas of its own.
        "windowgestures@extension.amarullz.com": "Window Gestures",
        "mywindowgestures@gnomeshell.amarullz.com": "My Window Gestures",
        // JoseExposito/gnome-shell-extension-x11gestures: Touchégg's gestures (touchscreen ones among them) on X11.
        "x11gestures@joseexposito.github.io": "X11 Gestures (Touchégg)",
    ]

    static func gnome(_ facts: DoctorFacts) -> [DoctorFinding] {
        guard let shell = facts.desktop.gnome else { return [] }
        return edgeSwipeExtension(shell) + gnomeExtensions(shell) + gnomeEdgeDrags(facts, shell) + gnomeThreeFingerPans(facts, shell)
    }

    /// EdgeSwipe's GNOME Shell extension (desktop/gnome-shell, docs/feedback.md "GNOME"): the arrow and the focused
    /// window on GNOME come from it. Only when the settings were read (a list that does not name it, or every user
    /// extension switched off); the Shell's default list, when the key is unset, holds no extension of ours.
    public static let edgeSwipeExtensionUUID = "edgeswipe@edgeswipe.org"

    static func edgeSwipeExtension(_ shell: GnomeFact) -> [DoctorFinding] {
        let why: String
        if shell.userExtensionsDisabled {
            why = "every user extension is off (org.gnome.shell disable-user-extensions, \(shell.settingsSource)), EdgeSwipe's too"
        } else if let enabled = shell.enabledExtensions, !enabled.contains(edgeSwipeExtensionUUID) {
            why = "EdgeSwipe's GNOME Shell extension (\(edgeSwipeExtensionUUID)) is not enabled (org.gnome.shell enabled-extensions, \(shell.settingsSource))"
        } else {
            return []
        }
        return [DoctorFinding(code: .gnomeExtensionOff, subject: edgeSwipeExtensionUUID,
                              message: why + ": on GNOME edgeswipe feedback then draws no back arrow and reports no focused window "
                                  + "(a handed-off back takes the default key)",
                              remedy: "'gnome-extensions enable \(edgeSwipeExtensionUUID)' (after installing the package, log out and in once "
                                  + "so the Shell finds it); edgeswipe feedback also asks the Shell to enable it", severity: .info)]
    }

    static func gnomeExtensions(_ shell: GnomeFact) -> [DoctorFinding] {
        guard !shell.userExtensionsDisabled, let enabled = shell.enabledExtensions else { return [] }
        return enabled.compactMap { uuid in
            guard let name = gnomeGestureExtensions[uuid] else { return nil }
            return DoctorFinding(code: .gnomeGestureExtension, subject: uuid,
                                 message: "the GNOME Shell extension \(name) (\(uuid)) is enabled (org.gnome.shell enabled-extensions, "
                                     + "\(shell.settingsSource)): it takes touch gestures of its own beside EdgeSwipe's",
                                 remedy: "'gnome-extensions disable \(uuid)' (or switch it off in the Extensions app), "
                                     + "or turn its edge and touchscreen gestures off in its settings")
        }
    }

    /// The Shell's `EdgeDragAction`s (gnome-shell js/ui/windowManager.js and js/ui/keyboard.js, GNOME 40 to 47):
    /// a drag down from the top edge unfullscreens the focused window (only while it is fullscreen), a drag up from
    /// the bottom edge brings up the on-screen keyboard (in every mode but the lock screen). Left and right are free.
    static func gnomeEdgeDrags(_ facts: DoctorFacts, _ shell: GnomeFact) -> [DoctorFinding] {
        let version = shell.version.map { "GNOME Shell \($0)" } ?? "GNOME Shell"
        var found: [DoctorFinding] = []
        if facts.edgeSwipeEdges.contains(.top) {
            found.append(DoctorFinding(code: .gnomeEdgeDrag, subject: "gnome-shell top edge",
                                       message: "\(version) takes a touch drag down from the top edge while a fullscreen window has focus "
                                           + "(it leaves fullscreen), and EdgeSwipe swipes from the top edge too",
                                       remedy: "take 'top' out of EdgeSwipe's 'edges' (the Shell has no setting for this drag; left and right are free)"))
        }
        if facts.edgeSwipeEdges.contains(.bottom) {
            found.append(DoctorFinding(code: .gnomeEdgeDrag, subject: "gnome-shell bottom edge",
                                       message: "\(version) takes a touch drag up from the bottom edge for the on-screen keyboard, "
                                           + "and EdgeSwipe swipes from the bottom edge too",
                                       remedy: "take 'bottom' out of EdgeSwipe's 'edges' (left and right are free in GNOME)"))
        }
        return found
    }

    /// The Shell's touchscreen swipes need three fingers (gnome-shell js/ui/swipeTracker.js, GESTURE_FINGER_COUNT = 3):
    /// up and down for the overview, left and right for workspaces. A swipe of EdgeSwipe's with three or more
    /// fingers has three down before it is one, so the Shell may take it first.
    static func gnomeThreeFingerPans(_ facts: DoctorFacts, _ shell: GnomeFact) -> [DoctorFinding] {
        let many = facts.edgeSwipeFingers.filter { $0 >= 3 }.sorted()
        guard !many.isEmpty else { return [] }
        let counts = many.map(String.init).joined(separator: ", ")
        return [DoctorFinding(code: .gnomeThreeFingerPan, subject: "gnome-shell three-finger pans",
                              message: "GNOME Shell pans the overview and the workspaces with three fingers on a touchscreen, and EdgeSwipe "
                                  + "has a \(counts)-finger swipe: the Shell may take those touches first",
                              remedy: "use one or two fingers for EdgeSwipe's swipes, or an extension that turns the Shell's touchscreen "
                                  + "gestures off", severity: .info)]
    }
}
