import Gestures
import Navigation
import TouchModel

/// The JSON of clients' exclusion rectangles (docs/protocol.md): the `setExclusions` reply's result, and the
/// `exclusions` event that tells an owner its rectangles changed without its asking. Both carry the same
/// result object, so a client handles them alike.
package enum ExclusionJSON {
    /// `{"rects":[{index,x,y,width,height,screen?}],"clipped":[{index,edge,removedMM,kept}],"capMM":..,
    /// "capScreen":{widthMM,heightMM,edgeZoneMM}|null,"capScreens":[...]}`. `capScreen` is the first device's
    /// (null before any), `capScreens` every device's.
    package static func result(_ result: ExclusionResult) -> JSONValue {
        let stored: [JSONValue] = result.stored.map { rect($0.rect, index: $0.index) }
        let clipped: [JSONValue] = result.clipped.map { c in
            .object(["index": .integer(Int64(c.index)), "edge": .string(c.edge.rawValue),
                     "removedMM": .number(c.removedMM), "kept": c.kept.map { rect($0, index: nil) } ?? .null])
        }
        let screens: [JSONValue] = result.devices.map { g in
            .object(["widthMM": .number(g.screen.widthMM), "heightMM": .number(g.screen.heightMM),
                     "edgeZoneMM": .number(g.edgeZoneMM)])
        }
        return .object(["rects": .array(stored), "clipped": .array(clipped), "capMM": .number(result.capMM),
                        "capScreen": screens.first ?? .null, "capScreens": .array(screens)])
    }

    /// `{"type":"exclusions","event":"changed","cause":"geometry"|"otherOwner","result":{...},"time":..}`
    /// (time in seconds, when given).
    package static func event(_ report: ExclusionReport, time: Microseconds?) -> JSONValue {
        var o: [String: JSONValue] = ["type": .string("exclusions"), "event": .string("changed"),
                                      "cause": .string(report.cause.rawValue),
                                      "result": result(report.result)]
        if let time { o["time"] = .number(EventJSON.seconds(time)) }
        return .object(o)
    }

    package static func rect(_ r: ExclusionRect, index: Int?) -> JSONValue {
        var o: [String: JSONValue] = ["x": .number(r.x), "y": .number(r.y), "width": .number(r.width),
                                      "height": .number(r.height)]
        if let index { o["index"] = .integer(Int64(index)) }
        if let screen = r.screen { o["screen"] = .string(screen) }
        return .object(o)
    }
}
