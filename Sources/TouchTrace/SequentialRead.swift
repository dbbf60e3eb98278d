import YAMLDocument

/// A `ByteSource` read in order from its start, as libyaml's input; keeps why a read failed, for the error.
final class SequentialRead: YAMLInput {
    private let source: ByteSource
    private var offset = 0
    private(set) var failure: TraceError?

    init(_ source: ByteSource) { self.source = source }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        do {
            let n = try source.read(at: offset, into: buffer)
            offset += n
            return n
        } catch {
            failure = error
            return nil
        }
    }
}
