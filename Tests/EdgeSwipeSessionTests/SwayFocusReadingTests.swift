import EdgeSwipeSession
import FixtureSupport
import Foundation
import Testing

/// sway's tree and window events: real payloads of sway 1.7 (Tests/Fixtures/sway-ipc, what they hold read from
/// the files with `swaymsg`'s own output and a JSON walk, README there) and the example shapes of sway-ipc(7).
@Suite struct SwayFocusReadingTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Fixtures.url("sway-ipc/" + name)))
    }

    @Test func theRealTreesFocusedViewIsTheKirigamiApp() throws {
        let view = try SwayFocusReading.focusedView(tree: try Self.fixture("get-tree-three-apps.json"))
        #expect(view == SwayView(id: 8, window: FocusedWindow(appID: "org.qt-project.qmlscene", title: "EdgeSwipe test: Kirigami", pid: 14647)))
    }

    @Test func theRealWindowEventsInOrder() throws {
        let lines = String(decoding: try Self.fixture("window-events.jsonl"), as: UTF8.self).split(separator: "\n")
        let events = try lines.map { try SwayFocusReading.windowEvent(Array($0.utf8)) }
        #expect(events.count == 10)
        #expect(events[0] == .closed(id: 5))
        #expect(events[1] == .ignored)   // new
        // The title event of view 6 (before it was focused): a change, which matters only for the focused view.
        #expect(events[2] == .changed(SwayView(id: 6, window: FocusedWindow(appID: "org.edgeswipe.TestGtk3", title: "EdgeSwipe test: GTK 3", pid: 14603))))
        #expect(events[3] == .focused(SwayView(id: 6, window: FocusedWindow(appID: "org.edgeswipe.TestGtk3", title: "EdgeSwipe test: GTK 3", pid: 14603))))
        #expect(events[6] == .focused(SwayView(id: 7, window: FocusedWindow(appID: "org.edgeswipe.TestAdw", title: "EdgeSwipe test: libadwaita", pid: 14554))))
        #expect(events[9] == .focused(SwayView(id: 8, window: FocusedWindow(appID: "org.qt-project.qmlscene", title: "EdgeSwipe test: Kirigami", pid: 14647))))
    }

    /// sway-ipc(7)'s WINDOW example: an Xwayland view (app_id null) whose class stands for the app_id; its name
    /// is null (no title yet).
    @Test func anXwaylandViewIsNamedByItsClass() throws {
        let event = #"""
            {"change": "focus", "container": {"id": 12, "name": null, "focused": true, "focus": [], "type": "con",
             "pid": 19787, "app_id": null, "window": 4194313,
             "window_properties": {"class": "URxvt", "instance": "urxvt", "transient_for": null}, "nodes": [], "floating_nodes": []}}
            """#
        #expect(try SwayFocusReading.windowEvent(Array(event.utf8))
                == .focused(SwayView(id: 12, window: FocusedWindow(appID: "URxvt", title: "", pid: 19787))))
    }

    @Test func aFocusedEmptyWorkspaceIsNoView() throws {
        let tree = #"""
            {"id": 1, "type": "root", "name": "root", "focused": false, "nodes": [
              {"id": 3, "type": "output", "name": "DSI-1", "focused": false, "floating_nodes": [], "nodes": [
                {"id": 4, "type": "workspace", "name": "2", "focused": true, "nodes": [], "floating_nodes": []}]}]}
            """#
        #expect(try SwayFocusReading.focusedView(tree: Array(tree.utf8)) == nil)
    }

    @Test func aFocusedFloatingViewIsFound() throws {
        let tree = #"""
            {"id": 1, "type": "root", "focused": false, "nodes": [
              {"id": 3, "type": "output", "focused": false, "nodes": [
                {"id": 4, "type": "workspace", "focused": false, "nodes": [
                  {"id": 5, "type": "con", "focused": false, "app_id": "foot", "name": "~", "pid": 100}],
                 "floating_nodes": [
                  {"id": 9, "type": "floating_con", "focused": true, "app_id": "org.gnome.Calculator", "name": "Calculator", "pid": 200}]}]}]}
            """#
        #expect(try SwayFocusReading.focusedView(tree: Array(tree.utf8))
                == SwayView(id: 9, window: FocusedWindow(appID: "org.gnome.Calculator", title: "Calculator", pid: 200)))
    }

    @Test func badPayloadsAreErrorsThatSayWhere() throws {
        #expect(throws: FocusReadError.self) { try SwayFocusReading.focusedView(tree: Array("[1,".utf8)) }
        #expect(throws: FocusReadError("get_tree reply: expected an object, got an array")) {
            try SwayFocusReading.focusedView(tree: Array("[]".utf8))
        }
        #expect(throws: FocusReadError("window event: no \"change\" string")) {
            try SwayFocusReading.windowEvent(Array(#"{"container":{}}"#.utf8))
        }
        #expect(throws: FocusReadError("window event focus: no \"container\" object")) {
            try SwayFocusReading.windowEvent(Array(#"{"change":"focus","container":[]}"#.utf8))
        }
        #expect(throws: FocusReadError("window event close: container has no integer \"id\"")) {
            try SwayFocusReading.windowEvent(Array(#"{"change":"close","container":{"id":"5"}}"#.utf8))
        }
        // A pid out of range is no pid, not a wrapped number.
        #expect(try SwayFocusReading.windowEvent(Array(#"{"change":"focus","container":{"id":5,"app_id":"a","pid":4294967296}}"#.utf8))
                == .focused(SwayView(id: 5, window: FocusedWindow(appID: "a", title: "", pid: nil))))
    }
}
