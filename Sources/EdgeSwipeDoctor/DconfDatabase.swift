/// Reads the values of a dconf database file (`~/.config/dconf/user`), so the doctor learns GNOME's settings
/// without running anything as the user: the file is read with the user's rights (`UserFileReader`) and decoded
/// here, pure and bounded. The file is a GVDB table (glib's gvdb-format.h): a 24-byte header ("GVariant", version,
/// options, the root table's start and end), a hash table of items of 24 bytes (hash, parent item, key start,
/// key size, type 'v' value / 'L' list / 'H' table, a pointer to the value), each key named relative to its
/// parent ("/", "org/", "gnome/", "shell/", "enabled-extensions"), each value a serialized GVariant of type `v`.
/// Only the types the doctor reads are decoded: `as`, `b`, `s`; the rest are left as their type string.
public enum DconfDatabase {
    public enum Value: Sendable, Equatable {
        case strings([String])
        case bool(Bool)
        case string(String)
        /// Another type, named by its GVariant type string.
        case other(String)
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notADatabase
        case bigEndian
        case damaged(String)

        public var description: String {
            switch self {
            case .notADatabase: return "not a dconf database (no GVariant signature)"
            case .bigEndian: return "a big-endian dconf database, which the doctor does not read"
            case .damaged(let what): return "a damaged dconf database: \(what)"
            }
        }
    }

    /// Keys are followed up their parents at most this far (a real path has a handful of levels).
    static let maxDepth = 64

    /// Every value of the database by its full key ("/org/gnome/shell/enabled-extensions").
    public static func values(_ bytes: [UInt8]) throws(Failure) -> [String: Value] {
        guard bytes.count >= 24, Array(bytes[0..<8]) == Array("GVariant".utf8) else {
            if bytes.count >= 8, Array(bytes[0..<8]) == Array("raVGtnai".utf8) { throw .bigEndian }
            throw .notADatabase
        }
        let (rootStart, rootEnd) = (u32(bytes, 16), u32(bytes, 20))
        guard rootStart <= rootEnd, rootEnd <= bytes.count, rootEnd - rootStart >= 8 else { throw .damaged("the root table is outside the file") }
        let bloomWords = u32(bytes, rootStart) & ((1 << 27) - 1)
        let buckets = u32(bytes, rootStart + 4)
        let itemsStart = rootStart + 8 + 4 * (bloomWords + buckets)
        guard itemsStart <= rootEnd else { throw .damaged("the hash table's header is larger than the table") }
        let count = (rootEnd - itemsStart) / 24
        struct Item { var parent: Int; var key: String; var type: UInt8; var start: Int; var end: Int }
        var items: [Item] = []
        items.reserveCapacity(count)
        for i in 0..<count {
            let at = itemsStart + 24 * i
            let keyStart = u32(bytes, at + 8), keySize = Int(bytes[at + 12]) | Int(bytes[at + 13]) << 8
            guard keyStart <= bytes.count, keySize <= bytes.count - keyStart else { throw .damaged("item \(i)'s key is outside the file") }
            let parent = u32(bytes, at + 4)
            items.append(Item(parent: parent == 0xFFFF_FFFF ? -1 : parent,
                              key: String(decoding: bytes[keyStart..<keyStart + keySize], as: UTF8.self),
                              type: bytes[at + 14], start: u32(bytes, at + 16), end: u32(bytes, at + 20)))
        }
        var values: [String: Value] = [:]
        for item in items where item.type == UInt8(ascii: "v") {
            var name = item.key
            var parent = item.parent
            var depth = 0
            while parent >= 0 {
                guard parent < items.count, depth < maxDepth else { throw .damaged("a key's parents do not end at the root") }
                name = items[parent].key + name
                parent = items[parent].parent
                depth += 1
            }
            guard item.start <= item.end, item.end <= bytes.count else { throw .damaged("the value of \(name) is outside the file") }
            values[name] = variant(Array(bytes[item.start..<item.end]))
        }
        return values
    }

    /// A serialized `v`: the child's bytes, a zero byte, the child's type string.
    static func variant(_ bytes: [UInt8]) -> Value {
        guard let zero = bytes.lastIndex(of: 0) else { return .other("?") }
        let type = String(decoding: bytes[(zero + 1)...], as: UTF8.self)
        let child = Array(bytes[..<zero])
        switch type {
        case "b": return child.count == 1 ? .bool(child[0] != 0) : .other(type)
        case "s": return child.last == 0 ? .string(String(decoding: child.dropLast(), as: UTF8.self)) : .other(type)
        case "as": return stringArray(child).map(Value.strings) ?? .other(type)
        default: return .other(type)
        }
    }

    /// A serialized `as`: the strings (each with its zero byte) one after another, then one framing offset per
    /// string (its end), each as wide as the container's size needs (1 byte up to 255, 2 up to 65535, else 4).
    static func stringArray(_ bytes: [UInt8]) -> [String]? {
        guard !bytes.isEmpty else { return [] }
        let width = bytes.count <= 0xFF ? 1 : bytes.count <= 0xFFFF ? 2 : 4
        guard bytes.count >= width else { return nil }
        func offset(at i: Int) -> Int { (0..<width).reduce(0) { $0 | Int(bytes[i + $1]) << (8 * $1) } }
        let framing = offset(at: bytes.count - width)
        guard framing <= bytes.count - width, (bytes.count - framing) % width == 0 else { return nil }
        let n = (bytes.count - framing) / width
        var strings: [String] = []
        var start = 0
        for k in 0..<n {
            let end = offset(at: framing + k * width)
            guard start < end, end <= framing, bytes[end - 1] == 0 else { return nil }
            strings.append(String(decoding: bytes[start..<end - 1], as: UTF8.self))
            start = end
        }
        return strings
    }

    /// A little-endian 32-bit number at `at`, or 0 past the end (a short file reads as zeros, caught by the bounds).
    static func u32(_ bytes: [UInt8], _ at: Int) -> Int {
        guard at >= 0, at + 4 <= bytes.count else { return 0 }
        return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }
}
