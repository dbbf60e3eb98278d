import EdgeSwipeDaemon
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Gestures
import Navigation
import Testing
import TouchInput
import TouchModel
import TouchTrace

/// Issue 22, defect 3: the exclusion cap follows every change of geometry, through the session that feeds it
/// (`SessionCore`): a reload's rotation, edges and edge zone, a calibration (which moves no edge: nothing
/// changes), a device added or removed, and settings that wait for the last finger to lift. Each time the
/// rectangles are cut again from what their owner asked for (so a cut is undone when the geometry allows),
/// and the owner gets an `.exclusions` report when its result changes.
///
/// The panel is the one of samples/demo-back-swipes.evemu (the issue's): MT axes 0...1599 × 0...2559 at 11
/// units/mm, so 1599/11 × 2559/11 mm, 232.6 mm wide at 90° and 270°. A bar 4 mm thick spans a whole side of
/// the screen `inset` mm from one edge; reaching that edge's zone, it is cut to 31.75 mm along it, from its
/// top or left end (worked out per edge in ExclusionFit's terms: the cut takes it out of the far corner's
/// zone, so nothing else cuts it); outside the zone it is kept whole.
@Suite struct ExclusionGeometryChangeTests {
    static let panel = PhysicalSize(widthMM: 1599.0 / 11, heightMM: 2559.0 / 11)
    static let owner = ExclusionOwner(1)
    static let cases: [(ScreenRotation, Edge)] = ScreenRotation.allCases.flatMap { r in Edge.allCases.map { (r, $0) } }

    static func screen(_ r: ScreenRotation) -> PhysicalSize {
        r == .r0 || r == .r180 ? panel : PhysicalSize(widthMM: panel.heightMM, heightMM: panel.widthMM)
    }

    static func bar(_ edge: Edge, on s: PhysicalSize, inset: Double) -> ExclusionRect {
        switch edge {
        case .left: ExclusionRect(x: inset, y: 0, width: 4, height: s.heightMM)
        case .right: ExclusionRect(x: s.widthMM - inset - 4, y: 0, width: 4, height: s.heightMM)
        case .top: ExclusionRect(x: 0, y: inset, width: s.widthMM, height: 4)
        case .bottom: ExclusionRect(x: 0, y: s.heightMM - inset - 4, width: s.widthMM, height: 4)
        }
    }

    static func cut(_ r: ExclusionRect, along edge: Edge) -> ExclusionRect {
        var k = r
        if edge == .left || edge == .right { k.height = 31.75 } else { k.width = 31.75 }
        return k
    }

    /// Collects the session's exclusion reports (the sink closure cannot capture the rig it belongs to).
    final class Reports: @unchecked Sendable {
        var all: [ExclusionReport] = []
    }

    static func rig(_ reports: Reports) throws -> (EventLoop, NavigationSession, LiveSession, Trace) {
        let loop = try EventLoop()
        let trace = try TraceReader.read(path: Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path)
        let navigation = NavigationSession(screens: try StackSpec.parse("home,inbox"))
        let session = try LiveSession(loop: loop, options: PipelineOptions(), navigation: navigation) { output in
            if case .exclusions(let r) = output { reports.all.append(r) }
        }
        return (loop, navigation, session, trace)
    }

    static func options(_ r: ScreenRotation, zone: Double, edges: Set<Edge> = [.left]) -> PipelineOptions {
        var o = PipelineOptions()
        o.rotation = r
        o.recognizers = [EdgeSwipeConfig(edges: edges, edgeZoneMM: zone)]
        return o
    }

    /// The case, which failed before the fix (the bar stayed 232.6 mm): SIGHUP to `rotation: 90` with
    /// `edges: [bottom]`, and a bar along the bottom set after the reload is cut as on a fresh start.
    @Test func aReloadToRotation90WithTheBottomEdgeCutsABottomBarAsAFreshStartDoes() throws {
        let reports = Reports()
        let (loop, navigation, session, trace) = try Self.rig(reports)
        let id = try session.addFed(trace.devices[0].description)
        try session.reconfigure(id, options: Self.options(.r90, zone: 5, edges: [.bottom]))
        let bar = ExclusionRect(x: 0, y: 145, width: 232, height: 5)
        _ = try navigation.controller.setExclusions([bar], owner: Self.owner)
        #expect(navigation.controller.exclusions.rects(of: Self.owner) == [ExclusionRect(x: 0, y: 145, width: 31.75, height: 5)])
        withExtendedLifetime(loop) {}
    }

    /// Rotation: rectangles set under another rotation are cut again when the rotation changes, exactly as
    /// the same request on a fresh start under the new rotation; the owner is told.
    @Test(arguments: cases)
    func aRotationChangeCutsAsAFreshStart(_ rotation: ScreenRotation, _ edge: Edge) throws {
        let bar = Self.bar(edge, on: Self.screen(rotation), inset: 1)
        let fresh = Reports()
        let (freshLoop, freshNavigation, freshSession, trace) = try Self.rig(fresh)
        _ = try freshSession.addFed(trace.devices[0].description, options: Self.options(rotation, zone: 5))
        _ = try freshNavigation.controller.setExclusions([bar], owner: Self.owner)
        #expect(freshNavigation.controller.exclusions.rects(of: Self.owner) == [Self.cut(bar, along: edge)])

        let reports = Reports()
        let (loop, navigation, session, _) = try Self.rig(reports)
        let before = ScreenRotation.allCases[(ScreenRotation.allCases.firstIndex(of: rotation)! + 1) % 4]
        let id = try session.addFed(trace.devices[0].description, options: Self.options(before, zone: 5))
        _ = try navigation.controller.setExclusions([bar], owner: Self.owner)
        try session.reconfigure(id, options: Self.options(rotation, zone: 5))
        #expect(navigation.controller.exclusions.rects(of: Self.owner) == [Self.cut(bar, along: edge)], "\(rotation) \(edge)")
        let last = try #require(reports.all.last)
        #expect(last.owner == Self.owner && last.cause == .geometry)
        #expect(last.result.stored.map(\.rect) == [Self.cut(bar, along: edge)])
        #expect(last.result.devices == [ExclusionGeometry(screen: Self.screen(rotation), edgeZoneMM: 5)])
        withExtendedLifetime((loop, freshLoop)) {}
    }

    /// Edge zone and edges: a bar 3 mm from the edge is outside a 1 mm zone (kept whole) and inside a 5 mm one
    /// (cut); widening the zone by reload cuts it, narrowing it gives it back; each time the owner is told.
    @Test(arguments: cases)
    func anEdgeZoneChangeCutsAndGivesBack(_ rotation: ScreenRotation, _ edge: Edge) throws {
        let reports = Reports()
        let (loop, navigation, session, trace) = try Self.rig(reports)
        let id = try session.addFed(trace.devices[0].description, options: Self.options(rotation, zone: 1))
        let bar = Self.bar(edge, on: Self.screen(rotation), inset: 3)
        _ = try navigation.controller.setExclusions([bar], owner: Self.owner)
        #expect(navigation.controller.exclusions.rects(of: Self.owner) == [bar])
        try session.reconfigure(id, options: Self.options(rotation, zone: 5, edges: [edge]))
        #expect(navigation.controller.exclusions.rects(of: Self.owner) == [Self.cut(bar, along: edge)], "\(rotation) \(edge)")
        #expect(reports.all.map(\.result.stored.first?.rect) == [Self.cut(bar, along: edge)])
        try session.reconfigure(id, options: Self.options(rotation, zone: 1))
        #expect(navigation.controller.exclusions.rects(of: Self.owner) == [bar])
        #expect(reports.all.map(\.result.stored.first?.rect) == [Self.cut(bar, along: edge), bar])
        #expect(reports.all.allSatisfy { $0.owner == Self.owner && $0.cause == .geometry })
        withExtendedLifetime(loop) {}
    }

    /// Devices: the cap counts a rectangle against an edge when it reaches that edge's zone on any device. A
    /// second device with a 5 mm zone cuts the bar a 1 mm device leaves whole; unplugging it gives it back.
    @Test(arguments: cases)
    func aDeviceAddedOrRemovedCutsAndGivesBack(_ rotation: ScreenRotation, _ edge: Edge) throws {
        let reports = Reports()
        let (loop, navigation, session, trace) = try Self.rig(reports)
        _ = try session.addFed(trace.devices[0].description, options: Self.options(rotation, zone: 1))
        let bar = Self.bar(edge, on: Self.screen(rotation), inset: 3)
        _ = try navigation.controller.setExclusions([bar], owner: Self.owner)
        let second = try session.addFed(trace.devices[0].description, options: Self.options(rotation, zone: 5))
        #expect(navigation.controller.exclusions.rects(of: Self.owner) == [Self.cut(bar, along: edge)], "\(rotation) \(edge)")
        #expect(navigation.controller.exclusions.devices.count == 2)
        session.remove(second, now: 0)
        #expect(navigation.controller.exclusions.rects(of: Self.owner) == [bar])
        #expect(reports.all.map(\.result.stored.first?.rect) == [Self.cut(bar, along: edge), bar])
        withExtendedLifetime(loop) {}
    }

    /// Calibration moves touches, not edges: no rectangle changes and nobody is told. And a reload that
    /// changes nothing of the geometry tells nobody either.
    @Test(arguments: ScreenRotation.allCases)
    func aCalibrationChangeMovesNoEdge(_ rotation: ScreenRotation) throws {
        let reports = Reports()
        let (loop, navigation, session, trace) = try Self.rig(reports)
        let id = try session.addFed(trace.devices[0].description, options: Self.options(rotation, zone: 5))
        let bar = Self.bar(.left, on: Self.screen(rotation), inset: 1)
        _ = try navigation.controller.setExclusions([bar], owner: Self.owner)
        var calibrated = Self.options(rotation, zone: 5)
        calibrated.calibration = CalibrationMatrix(a: 1.05, b: 0, c: -0.02, d: 0, e: 0.95, f: 0.03)
        try session.reconfigure(id, options: calibrated)
        try session.reconfigure(id, options: calibrated)
        #expect(navigation.controller.exclusions.rects(of: Self.owner) == [Self.cut(bar, along: .left)])
        #expect(reports.all.isEmpty)
        withExtendedLifetime(loop) {}
    }

    /// Settings that arrive while a finger is down wait for it to lift (LiveSessionReconfigureTests); so does
    /// the cut they bring, which comes with the lift.
    @Test func settingsWaitingForTheLiftBringTheirCutWithIt() throws {
        let reports = Reports()
        let (loop, navigation, session, trace) = try Self.rig(reports)
        let id = try session.addFed(trace.devices[0].description, options: Self.options(.r0, zone: 1))
        let bar = Self.bar(.bottom, on: Self.screen(.r0), inset: 3)
        _ = try navigation.controller.setExclusions([bar], owner: Self.owner)
        // Stroke 1 (samples/make-demo-sample.py) is down for its first 10 events and lifts by 0.758 s.
        let events = trace.devices[0].events
        for e in events.prefix(10) { session.feed(e, to: id) }
        try session.reconfigure(id, options: Self.options(.r0, zone: 5))
        #expect(navigation.controller.exclusions.rects(of: Self.owner) == [bar])
        #expect(reports.all.isEmpty)
        for e in events.dropFirst(10) where e.time <= events[0].time + 1_000_000 { session.feed(e, to: id) }
        #expect(navigation.controller.exclusions.rects(of: Self.owner) == [Self.cut(bar, along: .bottom)])
        #expect(reports.all.map(\.result.stored.first?.rect) == [Self.cut(bar, along: .bottom)])
        withExtendedLifetime(loop) {}
    }

    /// Unplugging the last device keeps the cap where it was (no touch can begin without a device; a panel
    /// plugged back in does not see its page's rectangles cut and given back).
    @Test func theLastDeviceGoingKeepsTheCap() throws {
        let reports = Reports()
        let (loop, navigation, session, trace) = try Self.rig(reports)
        let id = try session.addFed(trace.devices[0].description, options: Self.options(.r0, zone: 5))
        let bar = Self.bar(.top, on: Self.screen(.r0), inset: 1)
        _ = try navigation.controller.setExclusions([bar], owner: Self.owner)
        session.remove(id, now: 0)
        #expect(navigation.controller.exclusions.rects(of: Self.owner) == [Self.cut(bar, along: .top)])
        #expect(navigation.controller.exclusions.devices.count == 1 && reports.all.isEmpty)
        withExtendedLifetime(loop) {}
    }
}
