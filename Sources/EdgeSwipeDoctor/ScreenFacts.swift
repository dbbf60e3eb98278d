import EdgeSwipeControl
import TouchModel

/// One touchscreen's screen as the service publishes it (the hello's `screens`): the rotation its touches are turned
/// by now, mirrored or not, and the output it is on when the session reported it.
public struct ScreenFact: Sendable, Equatable {
    public var rotation: ScreenRotation
    public var flipped: Bool
    /// Nil: no output reported for it (`output: null`).
    public var output: String?

    public init(rotation: ScreenRotation, flipped: Bool = false, output: String? = nil) {
        self.rotation = rotation
        self.flipped = flipped
        self.output = output
    }

    /// The hello's `screens`, or nil when it has none (a service older than issue 26) or one is not of its shape.
    public static func screens(fromHello hello: ServiceHello) -> [ScreenFact]? {
        hello.screens?.map { ScreenFact(rotation: $0.rotation, flipped: $0.flipped, output: $0.output) }
    }
}

/// One output of the running compositor and how it turns it.
public struct CompositorOutputFact: Sendable, Equatable {
    public var name: String
    public var orientation: OutputOrientation

    public init(name: String, orientation: OutputOrientation) {
        self.name = name
        self.orientation = orientation
    }

    /// `swaymsg -t get_outputs -r`: an array of outputs with `name`, `active` and `transform` ("normal", "90",
    /// "flipped-90"...). Inactive outputs are left out; nil when the text is not that.
    public static func sway(_ text: String) -> [CompositorOutputFact]? {
        guard let value = try? JSONValue.decode(Array(text.utf8)), case .array(let items) = value else { return nil }
        return items.compactMap { item in
            guard case .string(let name)? = item["name"], item["active"] != .bool(false),
                  case .string(let transform)? = item["transform"], let o = OutputOrientation(name: transform) else { return nil }
            return CompositorOutputFact(name: name, orientation: o)
        }
    }

    /// `hyprctl monitors -j`: an array of monitors with `name` and `transform`, wl_output's enum value (0-7), which
    /// Hyprland hands to wlroots unchanged (no renaming as sway does): 1 is sway's 270.
    public static func hyprland(_ text: String) -> [CompositorOutputFact]? {
        guard let value = try? JSONValue.decode(Array(text.utf8)), case .array(let items) = value else { return nil }
        return items.compactMap { item in
            guard case .string(let name)? = item["name"], case .integer(let t)? = item["transform"],
                  let o = OutputOrientation(wlOutputTransform: Int(clamping: t)) else { return nil }
            return CompositorOutputFact(name: name, orientation: o)
        }
    }
}
