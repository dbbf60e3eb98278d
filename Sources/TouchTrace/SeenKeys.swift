/// The keys of one mapping of a recording read so far and their lines, so that a key given twice is refused
/// where the second one is read (issue 22: the last one silently won). Keys compare by what they mean:
/// names as text, event types and axis codes as numbers (`53` and `0x35` are one key).
struct SeenKeys<Key: Hashable> {
    private var lines: [Key: Int] = [:]

    /// Records `key` as read on `line`; the line it was first given on when it was given before.
    mutating func firstLine(ofRepeated key: Key, line: Int) -> Int? {
        if let first = lines[key] { return first }
        lines[key] = line
        return nil
    }
}
