/// Bytes waiting to be written to one client. Consumed from the front without moving the rest until
/// the consumed part is more than half the storage.
struct ByteQueue {
    private var storage: [UInt8] = []
    private var head = 0

    var count: Int { storage.count - head }
    var isEmpty: Bool { head == storage.count }

    mutating func append(_ bytes: ArraySlice<UInt8>) { storage.append(contentsOf: bytes) }

    mutating func consume(_ n: Int) {
        head += n
        if head == storage.count {
            storage.removeAll(keepingCapacity: storage.count <= 64 * 1024)
            head = 0
        } else if head > storage.count / 2 {
            storage.removeFirst(head)
            head = 0
        }
    }

    /// The unsent bytes, for one write call.
    func withUnsent<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[head...])) }
    }
}
