import EdgeSwipeControl
import EdgeSwipeSystem
import Gestures

/// The touch devices' screens as the user sees them: in the hello and `state`, and to subscribers of `screens`
/// (protocol 4) whenever they change, so a session-side client (`edgeswipe feedback`'s arrow) follows a turn, an
/// output reported or gone, a panel plugged in or unplugged. What may change them only asks for a look
/// (`screensMayHaveChanged`); the look is taken on the loop's next turn, once the change is whole (a device's
/// pipeline and its record both set), and an event goes out only when the screens differ from the last sent.
extension EdgeSwipeService {
    /// Started after the devices are open: what they are now is what the hello says, not a change.
    func startScreensEvent() throws {
        publishedScreens = screens()
        screensKick = try runtime.loop.makeWaker(name: "screens") { [weak self] in self?.publishScreensIfChanged() }
        session.onGeometryChanged = { [weak self] in self?.screensMayHaveChanged() }
    }

    /// A device, its setup or an output changed: the screens are looked at on the loop's next turn.
    func screensMayHaveChanged() {
        screensKick?.wake()
    }

    private func publishScreensIfChanged() {
        let now = screens()
        guard now != publishedScreens else { return }
        publishedScreens = now
        runtime.publish(ControlEvent.screens(now, time: runtime.loop.now))
    }

    /// The hello's and state's `screens`: every device's screen as the user sees it now (what its arena turns
    /// touches with: a change held until a lift is not in it yet), and the output it is on when the reports say.
    package func screens() -> JSONValue {
        ScreenJSON.screens(devices.keys.sorted().compactMap { id in
            guard let pipeline = session.pipeline(id), let record = devices[id] else { return nil }
            var output: String?
            if case .output(let report) = record.setup.output { output = report.output }
            return (pipeline.arena.transform, output, ServiceBand.of(pipeline.arena.recognizers.map(\.config)))
        })
    }
}
