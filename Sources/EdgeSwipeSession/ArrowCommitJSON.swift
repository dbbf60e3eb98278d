import EdgeSwipeControl
import EdgeSwipeFeedback
import EdgeSwipeWayland
import TouchModel

/// `edgeswipe feedback --verbose`'s lines: each arrow picture committed.
enum ArrowCommitJSON {
    static func line(_ c: ArrowCommit) -> String {
        var o: [String: JSONValue] = ["type": .string("arrowCommitted"), "committed": .number(c.committed.seconds)]
        if let frame = c.frameTime {
            o["frameTime"] = .number(frame.seconds)
            o["latencyMS"] = .number(c.committed > frame ? (c.committed - frame).milliseconds : 0)
        }
        if let pose = c.pose {
            o["gestureId"] = .integer(Int64(pose.gestureID))
            o["side"] = .string(pose.side.rawValue)
            o["armed"] = .bool(pose.armed)
            o["progress"] = .number(pose.progress)
            o["presence"] = .number(pose.presence)
            o["centreY"] = .number(c.centreY)
            o["reach"] = .number(c.reach)
        } else {
            o["hidden"] = .bool(true)
        }
        return String(decoding: JSONValue.object(o).encodedLine(), as: UTF8.self)
    }
}
