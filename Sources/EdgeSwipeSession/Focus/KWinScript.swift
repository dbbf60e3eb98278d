/// EdgeSwipe's KWin script (issue 39): KWin gives a Wayland client no foreign-toplevel protocol, but a script
/// loaded over D-Bus (org.kde.KWin /Scripting loadScript, as kdotool does) sees the active window and can call a
/// named D-Bus object (`callDBus`). `edgeswipe feedback` writes this script into $XDG_RUNTIME_DIR (the text
/// below, so it always matches the program), loads and runs it, and serves `KWinFocus` on its own bus name; the
/// script reports each activation and the active window's caption changes there. Every argument is a string (the
/// script engine's numbers and booleans are not typed on the wire alike across KWin versions): focused "true" or
/// "false", the window's resourceClass (a Wayland client's app_id, an X11 window's class), its caption, its pid.
public enum KWinScript {
    /// The plugin name it is loaded under (unloaded first, so a restarted feedback replaces its predecessor's).
    public static let pluginName = "edgeswipe-focus"
    public static let busName = "org.edgeswipe.Feedback"
    public static let path = "/org/edgeswipe/Feedback"
    public static let interface = "org.edgeswipe.Feedback1"
    public static let member = "KWinFocus"
    public static let kwinBusName = "org.kde.KWin"

    /// KWin 5 names the window `client` (clientActivated, activeClient), KWin 6 `window`; both are handled.
    public static let text = """
        // EdgeSwipe's KWin script, written and loaded by edgeswipe feedback (docs/feedback.md, "KDE Plasma").
        // It reports the active window to edgeswipe feedback, which sends it to the service for back routing.
        var watched = null;
        function send(w) {
            if (!w) {
                callDBus("\(busName)", "\(path)", "\(interface)", "\(member)", "false", "", "", "0");
                return;
            }
            callDBus("\(busName)", "\(path)", "\(interface)", "\(member)", "true",
                     String(w.resourceClass || ""), String(w.caption || ""), String(w.pid || 0));
        }
        function activated(w) {
            if (watched && watched.captionChanged) {
                try { watched.captionChanged.disconnect(captionChanged); } catch (e) {}
            }
            watched = w;
            if (w && w.captionChanged) {
                w.captionChanged.connect(captionChanged);
            }
            send(w);
        }
        function captionChanged() { send(watched); }
        (workspace.windowActivated || workspace.clientActivated).connect(activated);
        activated(workspace.activeWindow || workspace.activeClient);

        """

    /// The focus a KWinFocus call carries: `.some(nil)` for nothing focused, nil (and why) when the arguments are
    /// not the script's. A pid that is not a decimal number of 1 to PID_MAX_LIMIT is no pid.
    public static func read(_ arguments: [String]) -> Result<FocusedWindow?, FocusReadError> {
        guard arguments.count == 4 else {
            return .failure(FocusReadError("\(member) takes 4 strings (focused, app_id, title, pid), got \(arguments.count)"))
        }
        switch arguments[0] {
        case "false": return .success(nil)
        case "true":
            let pid = Int32(arguments[3]).flatMap { $0 > 0 ? $0 : nil }
            return .success(FocusedWindow(appID: arguments[1], title: arguments[2], pid: pid))
        default:
            return .failure(FocusReadError("\(member)'s first argument is \"true\" or \"false\", got \"\(FocusedWindow.cut(arguments[0], to: 64, dropping: { _ in false }))\""))
        }
    }
}
