import EdgeSwipeControl
import Gestures
import Testing
import TouchModel

/// `reportOutput` as the protocol reads it (docs/protocol.md): the shape `edgeswipe feedback` and `edgeswipe
/// report-output` send, every bad value named with its rule, and the request the CLI builds decoding to the same
/// report.
@Suite struct OutputReportProtocolTests {
    func decoded(_ line: String) -> ControlCommand? {
        if case .success(let r) = ControlProtocol.decodeRequest(Array(line.utf8)) { return r.command }
        return nil
    }

    func decodeError(_ line: String) -> String? {
        if case .failure(let e) = ControlProtocol.decodeRequest(Array(line.utf8)) { return e.error.message }
        return nil
    }

    @Test func theWholeShapeDecodes() {
        let line = #"{"command":"reportOutput","output":"DSI-1","transform":90,"flipped":false,"widthMM":155,"heightMM":87,"widthPixels":1920,"heightPixels":1080,"scale":1.5}"#
        #expect(decoded(line) == .reportOutput(OutputReport(output: "DSI-1", orientation: OutputOrientation(transform: .r90),
                                                            widthMM: 155, heightMM: 87, widthPixels: 1920, heightPixels: 1080,
                                                            scale: 1.5)))
        // Only output and transform are needed (a compositor hook knows no more); 0 mm is wl_output's "unknown".
        #expect(decoded(#"{"command":"reportOutput","output":"HDMI-A-1","transform":270,"flipped":true,"widthMM":0,"heightMM":0}"#)
                == .reportOutput(OutputReport(output: "HDMI-A-1", orientation: OutputOrientation(transform: .r270, flipped: true))))
    }

    @Test func badValuesAreNamed() {
        let head = #"{"command":"reportOutput","#
        #expect(decodeError(head + #""transform":90}"#) == #"reportOutput: missing field "output""#)
        #expect(decodeError(head + #""output":"A"}"#) == #"reportOutput: missing field "transform""#)
        #expect(decodeError(head + #""output":7,"transform":0}"#) == #"reportOutput: "output" must be the output's name (a string), got 7"#)
        #expect(decodeError(head + #""output":"","transform":0}"#) == #"reportOutput: "output": an output name must not be empty"#)
        #expect(decodeError(head + #""output":"\u0001x","transform":0}"#) == #"reportOutput: "output": an output name has no control characters"#)
        let long = String(repeating: "x", count: 65)
        #expect(decodeError(head + #""output":"\#(long)","transform":0}"#) == #"reportOutput: "output": an output name has at most 64 bytes, got 65"#)
        for bad in ["45", "-90", "360", "\"90\"", "null"] {
            #expect(decodeError(head + #""output":"A","transform":\#(bad)}"#)
                    == #"reportOutput: "transform" must be 0, 90, 180 or 270 (sway's naming: output NAME transform 90 is 90; a wl_output.transform value is its inverse), got \#(bad)"#, "\(bad)")
        }
        #expect(decodeError(head + #""output":"A","transform":0,"flipped":1}"#) == #"reportOutput: "flipped" must be true or false, got a number"#)
        #expect(decodeError(head + #""output":"A","transform":0,"widthMM":-1}"#) == #"reportOutput: "widthMM" must be 0 (unknown) or from 10 to 10000 mm, got -1"#)
        #expect(decodeError(head + #""output":"A","transform":0,"heightMM":10001}"#) == #"reportOutput: "heightMM" must be 0 (unknown) or from 10 to 10000 mm, got 10001"#)
        #expect(decodeError(head + #""output":"A","transform":0,"widthPixels":0}"#) == #"reportOutput: "widthPixels" must be a whole number from 1 to 65535 pixels, got 0"#)
        #expect(decodeError(head + #""output":"A","transform":0,"heightPixels":10.5}"#) == #"reportOutput: "heightPixels" must be a whole number from 1 to 65535 pixels, got 10.5"#)
        #expect(decodeError(head + #""output":"A","transform":0,"scale":0}"#) == #"reportOutput: "scale" must be a number from 0.1 to 16, got 0"#)
        #expect(decodeError(head + #""output":"A","transform":0,"rotation":90}"#) == #"reportOutput: unknown field "rotation""#)
    }

    /// What `edgeswipe report-output` sends is what the service reads back, for every transform.
    @Test(arguments: 0..<8)
    func theClientsRequestRoundTrips(value: Int) throws {
        let report = OutputReport(output: "eDP-1", orientation: try #require(OutputOrientation(namedIndex: value)),
                                  widthMM: 344, heightMM: 194, widthPixels: 2560, heightPixels: 1440, scale: 2)
        #expect(decoded(String(decoding: ControlRequest(command: .reportOutput(report)).encoded.encodedLine(), as: UTF8.self)) == .reportOutput(report))
    }
}
