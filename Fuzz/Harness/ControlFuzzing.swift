import EdgeSwipeDaemon
import Navigation
import TouchModel
import EdgeSwipeControl

/// Bytes as a client would send them: split into chunks (the first byte sets the line cap and the chunking),
/// framed by LineFramer, each line answered by ControlProtocol.respond. Every answer must be one line of
/// valid JSON; an oversized line is reported once; the framer never holds more than its cap.
enum ControlFuzzing {
    /// Answers navigation commands without a navigation stack: the reply names the command.
    final class EchoHandler: ControlCommandHandler {
        func handle(_ command: ControlCommand, from client: ControlClientID, now: Microseconds) -> Result<JSONValue, ControlError> {
            switch command {
            case .push(let spec): return .success(.object(["pushed": .string(spec.name)]))
            case .setStack(let specs): return .success(.array(specs.map { .string($0.name) }))
            case .pop: return .failure(ControlError(.refused, "nothing to pop"))
            default: return .success(.string(command.name))
            }
        }
    }

    static func run(_ data: UnsafeRawBufferPointer) -> [String] {
        guard let first = data.first else { return [] }
        let cap = 16 + Int(first & 0x3F) * 64
        let chunk = 1 + Int(first >> 6) * 97
        var framer = LineFramer(maxLineBytes: cap)
        var subscriptions: Set<EventClass> = []
        let handler = EchoHandler()
        var problems: [String] = []
        func answer(_ output: LineFramer.Output) {
            let line: [UInt8]
            switch output {
            case .line(let request):
                if request.count > cap { problems.append("framer passed a \(request.count)-byte line over its \(cap) cap") }
                if request.contains(0x0A) { problems.append("framer passed a line holding a newline") }
                line = ControlProtocol.respond(to: request, subscriptions: &subscriptions, handler: handler,
                                               client: ControlClientID(rawValue: 1), now: 0).line
            case .oversized:
                line = ControlProtocol.error(ControlError(.lineTooLong, "line over \(cap) bytes"))
            }
            guard line.last == 0x0A, line.dropLast().firstIndex(of: 0x0A) == nil else {
                problems.append("reply is not exactly one line: \(String(decoding: line, as: UTF8.self))")
                return
            }
            do {
                guard case .object = try JSONValue.decode(line.dropLast()) else {
                    problems.append("reply is not a JSON object"); return
                }
            } catch {
                problems.append("reply is not valid JSON: \(String(decoding: line, as: UTF8.self))")
            }
        }
        let body = UnsafeRawBufferPointer(rebasing: data.dropFirst())
        var start = 0
        while start < body.count && problems.isEmpty {
            let end = min(body.count, start + chunk)
            framer.append(UnsafeRawBufferPointer(rebasing: body[start..<end]), answer)
            if framer.bufferedBytes > cap { problems.append("framer holds \(framer.bufferedBytes) bytes over its \(cap) cap") }
            start = end
        }
        return problems
    }
}
