import EdgeSwipeControl
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Gestures
import Navigation
import Testing
import TouchInput
import TouchModel
import TouchTrace
@testable import EdgeSwipeDaemon

/// Issue 27, item 2 ("that output's size") through the service: a panel whose axes have no resolution (the N-Trig
/// recording's, ABS_X 0-9600 and ABS_Y 0-7200 at resolution 0) and no `size` setting is measured as the output it
/// is on once the session reports that output's size; a new size with a finger down waits for the lift, as a
/// rotation does. A panel with resolution (the demo recording's) keeps its own size.
@Suite struct OutputSizeServiceTests {
    static let nTrig = "whot__evemu-devices__touchscreens__N-Trig_MultiTouch.1-finger-drag-NW-SE.events"

    @Test func aPanelWithoutResolutionTakesItsOutputsSizeAndANewOneAtTheLift() throws {
        let demo = try DemoReplayService(settings: "defaults:\n  rotation: auto\n  edges: [left, top]\n")
        let service = demo.service
        let loop = service.runtime.loop
        let panel = try TraceReader.read(path: Fixtures.path(Self.nTrig),
                                         description: Fixtures.path("whot__evemu-devices__touchscreens__N-Trig_MultiTouch.desc")).devices[0]
        #expect(panel.description.absInfo[AbsCode.x]?.resolution == 0 && panel.description.absInfo[AbsCode.x]?.maximum == 9600)
        let client = try TestClient(path: demo.socketPath)
        func answer(_ request: String) throws -> JSONValue? {
            if !request.isEmpty { try client.send(request + "\n") }
            for _ in 0..<400 {
                try loop.runOnce(timeoutMilliseconds: 5)
                while let l = client.readLine(timeout: 0.005) {
                    let v = try JSONValue.decode(Array(l.utf8))
                    if [.string("reply"), .string("error"), .string("hello")].contains(v["type"]) { return v }
                }
            }
            return nil
        }
        _ = try answer("")  // the hello
        func setup() throws -> DeviceSetup {
            try DeviceSetup(entry: nil, reader: .recording, config: service.store.current, base: service.base, outputs: service.outputs)
        }
        // No output reported: no size, as before.
        #expect(throws: GeometryError.self) { try service.session.addFed(panel.description, options: try setup().options) }

        _ = try answer(#"{"command":"reportOutput","output":"DSI-1","transform":0,"widthMM":96,"heightMM":72}"#)
        let first = try setup()
        #expect(first.options.outputSize == PhysicalSize(widthMM: 96, heightMM: 72))
        let id = try service.session.addFed(panel.description, options: first.options)
        service.devices[id] = EdgeSwipeService.DeviceRecord(node: "/dev/input/event9", kind: .touchscreen, setup: first)
        let demoID = try #require(service.devices.keys.first { $0 != id })
        func size(_ source: SourceID) -> PhysicalSize? { service.session.pipeline(source)?.arena.transform.screenSize }
        #expect(service.session.pipeline(id)?.geometry.sizeIsFromOutput == true)
        #expect(size(id) == PhysicalSize(widthMM: 96, heightMM: 72))
        #expect(size(demoID) == PhysicalSize(widthMM: 1599.0 / 11, heightMM: 2559.0 / 11))

        // The drag's finger goes down; the output is reported at twice the size meanwhile.
        let lift = try #require(panel.events.lastIndex { $0.type == EventType.key && $0.value == 0 })
        for e in panel.events[..<(lift / 2)] { service.session.feed(e, to: id) }
        #expect(service.session.pipeline(id)?.fingerDown == true)
        let reply = try answer(#"{"command":"reportOutput","output":"DSI-1","transform":0,"widthMM":192,"heightMM":144}"#)
        guard case .array(let following)? = reply?["result"]?["devices"] else {
            Issue.record("no devices in \(String(describing: reply))")
            return
        }
        #expect(following.contains(.object(["device": .string("/dev/input/event9"), "rotation": .integer(0),
                                            "flipped": .bool(false), "pending": .bool(true)])))
        #expect(size(id) == PhysicalSize(widthMM: 96, heightMM: 72))  // the finger is still down
        for e in panel.events[(lift / 2)...] { service.session.feed(e, to: id) }
        #expect(service.session.pipeline(id)?.fingerDown == false)
        #expect(size(id) == PhysicalSize(widthMM: 192, heightMM: 144))
        #expect(service.session.pipeline(id)?.geometry.size == PhysicalSize(widthMM: 192, heightMM: 144))
        #expect(size(demoID) == PhysicalSize(widthMM: 1599.0 / 11, heightMM: 2559.0 / 11))

        // With no finger down a new size applies at once; a report without a size keeps the last one.
        _ = try answer(#"{"command":"reportOutput","output":"DSI-1","transform":0,"widthMM":100,"heightMM":50}"#)
        #expect(size(id) == PhysicalSize(widthMM: 100, heightMM: 50))
        _ = try answer(#"{"command":"reportOutput","output":"DSI-1","transform":0}"#)
        #expect(size(id) == PhysicalSize(widthMM: 100, heightMM: 50))
    }
}
