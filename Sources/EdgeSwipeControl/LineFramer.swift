#if canImport(Glibc)
import Glibc
#endif

/// Splits a byte stream into newline-terminated lines with a length cap. A line over the cap is reported once,
/// as soon as the cap is passed, and the rest of it is dropped as it arrives: a 100 MB line costs at most
/// `maxLineBytes` of memory.
package struct LineFramer: Sendable {
    package enum Output: Equatable, Sendable {
        /// A complete line, without its newline (a trailing CR is removed too). Empty lines are skipped.
        case line([UInt8])
        /// A line passed the cap; what follows up to its newline is discarded.
        case oversized
    }

    private enum State: Sendable {
        case collecting
        /// Dropping the rest of an oversized line until its newline.
        case discarding
    }

    package let maxLineBytes: Int
    private var state = State.collecting
    private var pending: [UInt8] = []

    package init(maxLineBytes: Int = ControlProtocol.defaultMaxLineBytes) {
        self.maxLineBytes = maxLineBytes
    }

    /// Bytes held for an incomplete line.
    package var bufferedBytes: Int { pending.count }

    package mutating func append(_ chunk: UnsafeRawBufferPointer, _ emit: (Output) -> Void) {
        var start = 0
        let n = chunk.count
        while start < n {
            // memchr: a 100 MB line is scanned at memory speed, even in a debug build.
            let found = memchr(chunk.baseAddress! + start, Int32(UInt8(ascii: "\n")), n - start)
            let newline: Int? = found.map { chunk.baseAddress!.distance(to: UnsafeRawPointer($0)) }
            let end = newline ?? n
            switch state {
            case .collecting:
                if pending.count + (end - start) > maxLineBytes {
                    pending.removeAll(keepingCapacity: false)
                    emit(.oversized)
                    state = .discarding
                } else {
                    pending.append(contentsOf: chunk[start..<end])
                    if newline != nil {
                        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                        if !pending.isEmpty { emit(.line(pending)) }
                        pending.removeAll(keepingCapacity: true)
                    }
                }
            case .discarding:
                break
            }
            if newline != nil, case .discarding = state { state = .collecting }
            start = end + 1
        }
    }
}
