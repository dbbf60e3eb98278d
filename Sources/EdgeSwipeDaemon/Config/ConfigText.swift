import YAMLDocument

/// A configuration file's bytes as text: UTF-8 only. A UTF-16 or UTF-32 file is named as such (libyaml would
/// read it as something else and report a misleading problem), and the first invalid UTF-8 sequence or NUL
/// byte is refused naming its line, and the key it is in when the rest of the file can be read around it
/// (decoding would otherwise turn it into U+FFFD, or cut a path at the NUL, without a word).
enum ConfigText {
    static func decode(_ bytes: [UInt8], source: String) throws(ConfigError) -> String {
        if let encoding = WideTextEncoding.detect(bytes) {
            throw ConfigError(issues: [ConfigIssue(file: source, line: 0, key: "", message:
                "the file is \(encoding.description); a configuration must be UTF-8 (iconv -f \(encoding.name) -t UTF-8)")])
        }
        guard let offset = firstProblem(bytes) else { return String(decoding: bytes, as: UTF8.self) }
        let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = bytes[..<offset].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let byteInLine = offset - lineStart + 1
        let message = bytes[offset] == 0
            ? "a NUL byte at byte \(byteInLine) of the line; a configuration cannot hold one"
            : "not valid UTF-8 (byte \(hex(bytes[offset])) at byte \(byteInLine) of the line); a configuration must be UTF-8"
        // libyaml counts columns in characters; what precedes the first problem is valid UTF-8.
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        let key = keyAt(line: line, column: column, in: bytes, source: source) ?? ""
        throw ConfigError(issues: [ConfigIssue(file: source, line: line, key: key, message: message)])
    }

    /// UTF-16 or UTF-32 by its byte order mark, or without one by where the NULs of the first character are
    /// (YAML 1.2, 5.2: a stream starts with an ASCII character).

    /// The offset of the first NUL byte or invalid UTF-8 sequence.
    static func firstProblem(_ bytes: [UInt8]) -> Int? {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8.ForwardParser()
        while true {
            switch decoder.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == 0 { return offset }
                offset += encoded.count
            case .error:
                return offset
            case .emptyInput:
                return nil
            }
        }
    }

    /// The key whose key or value starts last at or before `column` on `line`, reading the text with the
    /// problem bytes replaced (nil when no key is there or the rest cannot be read). A key names its mapping.
    static func keyAt(line: Int, column: Int, in bytes: [UInt8], source: String) -> String? {
        let replaced = String(decoding: bytes.map { $0 == 0 ? 0x3F : $0 }, as: UTF8.self)
        guard let root = try? YAMLNode.load(text: replaced, source: source) else { return nil }
        var best: (column: Int, key: String)?
        func consider(_ mark: YAMLMark, _ key: String) {
            guard mark.line == line, mark.column <= column, mark.column >= (best?.column ?? 0) else { return }
            best = (mark.column, key)
        }
        func walk(_ node: YAMLNode, _ path: String) {
            switch node {
            case .scalar(_, _, let mark):
                consider(mark, path)
            case .sequence(let items, _):
                for (i, item) in items.enumerated() { walk(item, "\(path)[\(i)]") }
            case .mapping(let entries, _):
                for e in entries {
                    consider(e.keyMark, path)
                    walk(e.value, path.isEmpty ? e.key : "\(path).\(e.key)")
                }
            }
        }
        walk(root, "")
        return best.map(\.key)
    }

    private static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 0xF)])
    }
}
