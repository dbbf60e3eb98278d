/// Hyprland's per-device rules (`device { name = NAME ... }`, and the older `device:NAME { ... }`), matched by
/// Hyprland's own device name: the kernel's name lowercased, blanks, newlines and (in newer releases) commas as
/// dashes. Two devices with one name are told apart by a suffix on the one found second (`NAME-1`), so an owned
/// panel and its clone, which keeps the panel's name (issue 27, item 3), are `NAME` and `NAME-1` in an order the
/// compositor's device enumeration decides: a rule for one of the names reaches one of the two devices.
public struct HyprlandDeviceRule: Sendable, Equatable {
    public var name: String
    public var path: String
    public var line: Int
    public var text: String

    public static func rules(in file: ConfigFileFact) -> [HyprlandDeviceRule] {
        guard file.compositor == .hyprland else { return [] }
        var found: [HyprlandDeviceRule] = []
        var depth = 0
        var deviceBlockDepth: Int?
        var lineNumber = 0
        for rawLine in file.text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.prefix { $0 != "#" }.trimmingWhitespace()
            if line.hasPrefix("device:"), line.hasSuffix("{") {
                let name = line.dropFirst("device:".count).dropLast().trimmingWhitespace()
                if !name.isEmpty { found.append(HyprlandDeviceRule(name: String(name), path: file.path, line: lineNumber, text: String(line))) }
            } else if line.hasSuffix("{"), line.dropLast().trimmingWhitespace() == "device" {
                deviceBlockDepth = depth + 1
            } else if deviceBlockDepth == depth, let equals = line.firstIndex(of: "="),
                      line[..<equals].trimmingWhitespace() == "name" {
                let name = line[line.index(after: equals)...].trimmingWhitespace()
                if !name.isEmpty { found.append(HyprlandDeviceRule(name: String(name), path: file.path, line: lineNumber, text: String(line))) }
            }
            depth += line.filter { $0 == "{" }.count
            depth -= line.filter { $0 == "}" }.count
            if let d = deviceBlockDepth, depth < d { deviceBlockDepth = nil }
        }
        return found
    }

    /// The names Hyprland may give a device of this kernel name (`deviceNameToInternalString`): older releases
    /// keep commas, newer ones turn them into dashes.
    public static func deviceNames(kernelName: String) -> Set<String> {
        let dashed = String(kernelName.map { $0 == " " || $0 == "\n" ? "-" : $0 }).asciiLowercased()
        return [dashed, String(dashed.map { $0 == "," ? "-" : $0 })]
    }

    /// Whether `name` is `base` with Hyprland's duplicate suffix (`-1`, `-2`, ...).
    static func isDuplicate(_ name: String, of base: String) -> Bool {
        guard name.hasPrefix(base + "-") else { return false }
        let suffix = name.dropFirst(base.count + 1)
        return !suffix.isEmpty && suffix.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension String {
    /// ASCII letters lowercased, as C's `tolower` does in the C locale; other characters unchanged.
    func asciiLowercased() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0.value >= 65 && $0.value <= 90 ? Unicode.Scalar($0.value + 32)! : $0 }))
    }
}
