import Gestures
import Navigation

extension EventJSON {
    /// A back gesture's event for one handler (protocol 2), sent to the handler's client only:
    /// `{"type":"back","event":"started"|"progressed"|"invoked"|"cancelled","handler":ID,"role":"target"|"observer",
    ///   "gestureId":N,"time":t,"reason":..(cancelled),"gesture":{the recognizer's report, as the gesture class has it}}`.
    /// The report is nested whole, so what the gesture stream carries reaches handlers unchanged.
    public static func back(_ d: BackDelivery, device: String? = nil) -> String? {
        guard case .handler(let handler, let role) = d.recipient, let callback = d.callback else { return nil }
        var o = JSONLine()
        o.add("type", "back")
        o.add("event", callback.rawValue)
        o.add("handler", Int(handler.id.rawValue))
        o.add("role", role.rawValue)
        if let id = d.gestureID { o.add("gestureId", Int(id)) }
        o.add("time", seconds(d.event.time), decimals: 6)
        if let reason = d.cancelReason { o.add("reason", reason.rawValue) }
        o.addRaw("gesture", gesture(d.event, device: device))
        return o.string
    }
}
