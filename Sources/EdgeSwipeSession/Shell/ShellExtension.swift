import EdgeSwipeBus
import EdgeSwipeFeedback
import TouchModel

/// EdgeSwipe's GNOME Shell extension as `edgeswipe feedback` calls it (desktop/gnome-shell/edgeswipe@edgeswipe.org,
/// docs/feedback.md "GNOME"): GNOME has no wlr-layer-shell and no wlr-foreign-toplevel, so the extension draws the
/// arrow and reports the focused window for us. It lives in the Shell, whose session bus connection owns
/// org.gnome.Shell; its object is /org/edgeswipe/Shell, interface org.edgeswipe.Shell1. Everything about the
/// service stays here: the extension only draws the pictures it is given, in the monitor's logical pixels.
public enum ShellExtension {
    public static let uuid = "edgeswipe@edgeswipe.org"
    public static let busName = "org.gnome.Shell"
    public static let path = "/org/edgeswipe/Shell"
    public static let interface = "org.edgeswipe.Shell1"
    /// The extension's interface version this program speaks (its GetVersion).
    public static let version: UInt32 = 1
    /// A call's reply wait: the Shell answers from its main loop, within a frame when it is not stalled.
    static let callTimeout = Microseconds(milliseconds: 500)

    static func call(_ member: String, _ arguments: [BusValue] = []) -> BusMethodCall {
        BusMethodCall(destination: busName, path: path, interface: interface, member: member, arguments: arguments)
    }

    static let getVersion = call("GetVersion")
    static let getFocus = call("GetFocus")
    static let focusChanged = BusSignalMatch(sender: busName, path: path, interface: interface, member: "FocusChanged")

    /// GNOME Shell's own extension API (org.gnome.Shell.Extensions, on org.gnome.Shell at /org/gnome/Shell):
    /// EnableExtension turns the extension on for the user, as `gnome-extensions enable` does.
    static let enable = BusMethodCall(destination: busName, path: "/org/gnome/Shell", interface: "org.gnome.Shell.Extensions",
                                      member: "EnableExtension", arguments: [.string(uuid)])

    /// Whether the session is GNOME's: `$XDG_CURRENT_DESKTOP` is a colon-separated list ("ubuntu:GNOME").
    public static func isGNOME(currentDesktop: String?) -> Bool {
        (currentDesktop ?? "").split(separator: ":").contains { $0.lowercased() == "gnome" }
    }

    /// The way out said when the extension does not answer.
    static let notEnabled = "the EdgeSwipe GNOME Shell extension (\(uuid)) does not answer: enable it with "
        + "`gnome-extensions enable \(uuid)` (the package installs it in /usr/share/gnome-shell/extensions; the Shell "
        + "finds a newly installed extension at the next login)"
}

/// One ShowArrow call: an `ArrowPicture` drawn with scale 1 (logical pixels of the monitor), as the extension's
/// Cairo code takes it: the edge, the bulge's centre line, its reach and half height, and the two colours as
/// straight 0xAARRGGBB.
public struct ShellArrowPicture: Sendable, Hashable {
    public var connector: String
    public var side: ArrowSide
    public var centreY: Double
    public var reach: Double
    public var halfHeight: Double
    public var body: UInt32
    public var chevron: UInt32

    /// `connector`: the output the touchscreen is on, "" for the Shell's primary monitor.
    public init(_ picture: ArrowPicture, side: ArrowSide, connector: String) {
        self.connector = connector
        self.side = side
        centreY = picture.centreY
        reach = picture.reach
        halfHeight = picture.halfHeight
        body = Self.packed(picture.bodyColour)
        chevron = Self.packed(picture.chevronColour)
    }

    /// Straight (not premultiplied) 8-bit components, alpha in the top byte.
    public static func packed(_ c: ARGB) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v.isFinite ? v : 0, 0), 1) * 255).rounded()) }
        return byte(c.alpha) << 24 | byte(c.red) << 16 | byte(c.green) << 8 | byte(c.blue)
    }

    var call: BusMethodCall {
        ShellExtension.call("ShowArrow", [.string(connector), .string(side.rawValue), .double(centreY),
                                          .double(reach), .double(halfHeight), .uint32(body), .uint32(chevron)])
    }
}
