/// Sway's `input <identifier> ...` rules that name one device (`"1267:12377:ELAN_Touchscreen"`), not a type
/// (`type:touch`) or every device (`*`): what stops reaching an owned panel when the compositor reads its clone
/// instead and the clone's identifier differs.
public struct SwayInputRule: Sendable, Equatable {
    public var identifier: String
    public var path: String
    public var line: Int
    public var text: String

    public static func rules(in file: ConfigFileFact) -> [SwayInputRule] {
        guard file.compositor == .sway else { return [] }
        var found: [SwayInputRule] = []
        var lineNumber = 0
        for rawLine in file.text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.prefix { $0 != "#" }.trimmingWhitespace()
            guard line.hasPrefix("input"), let rest = line.dropFirst("input".count).first, rest == " " || rest == "\t" else { continue }
            let argument = line.dropFirst("input".count).trimmingWhitespace()
            let identifier: Substring
            if argument.hasPrefix("\"") {
                let body = argument.dropFirst()
                guard let close = body.firstIndex(of: "\"") else { continue }
                identifier = body[..<close]
            } else {
                identifier = argument.prefix { $0 != " " && $0 != "\t" && $0 != "{" }
            }
            guard !identifier.isEmpty, identifier != "*", !identifier.hasPrefix("type:") else { continue }
            found.append(SwayInputRule(identifier: String(identifier), path: file.path, line: lineNumber, text: String(line)))
        }
        return found
    }

    /// Sway's identifier of a device: vendor and product in decimal, and the name with blanks as underscores.
    public static func identifier(vendor: UInt16, product: UInt16, name: String) -> String {
        "\(vendor):\(product):" + String(name.map { $0 == " " || $0 == "\t" ? "_" : $0 })
    }
}
