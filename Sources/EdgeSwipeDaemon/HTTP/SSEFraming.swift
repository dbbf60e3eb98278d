import EdgeSwipeControl
/// Server-Sent Events framing of the control protocol's lines (WHATWG HTML, "Server-sent events"):
/// each JSON object becomes one unnamed event, `data: <json>\n\n`, so `EventSource.onmessage` gets it.
/// The JSON is compact (no raw newlines: strings escape them), so one `data:` line always suffices.
package enum SSEFraming {
    /// Reconnection delay suggested to EventSource, then the control protocol's hello as the first event
    /// (naming the stream, when given; with the service's `fields`, ControlCommandHandler.helloFields).
    package static func preamble(retryMs: Int = 2000, stream: String? = nil, fields: [String: JSONValue] = [:]) -> [UInt8] {
        var out = Array("retry: \(retryMs)\n".utf8)
        out += frame(line: ControlProtocol.hello(stream: stream, fields: fields))
        return out
    }

    /// One protocol line (with or without its trailing newline) as one event.
    package static func frame(line: [UInt8]) -> [UInt8] {
        var body = line[...]
        while let last = body.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { body = body.dropLast() }
        var out: [UInt8] = []
        out.reserveCapacity(body.count + 8)
        out += Array("data: ".utf8)
        // A raw CR or LF would end the field early; JSON from ControlProtocol has none, but stay safe.
        for b in body { out.append(b == 0x0A || b == 0x0D ? 0x20 : b) }
        out += [0x0A, 0x0A]
        return out
    }
}
