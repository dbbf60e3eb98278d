/// A compositor's name of an output (HDMI-A-1, eDP-1, HEADLESS-2), as the configuration's `output:` and the
/// session's `reportOutput` give it.
public enum OutputName {
    /// wl_output names are short connector names; 64 bytes bounds what the service keeps per output.
    public static let maxBytes = 64

    /// Why `name` is not an output name, or nil.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "an output name must not be empty" }
        if name.utf8.count > maxBytes { return "an output name has at most \(maxBytes) bytes, got \(name.utf8.count)" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "an output name has no control characters"
        }
        return nil
    }
}
