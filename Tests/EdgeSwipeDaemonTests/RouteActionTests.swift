@testable import EdgeSwipeDaemon
import Gestures
import Testing
import TouchInput
import TouchModel

/// Issue 35 item 2: what a routed back sends, on recording uinput targets: a combination pressed in order and
/// released in reverse (Alt down, Left down, Left up, Alt up: the order a person's fingers give), one key tapped,
/// the side button on the pointer (made only when a route presses one), nothing for `none`; the route replaces the
/// rules of the back's completion only; the default leaves the rules.
@Suite struct RouteActionTests {
    // linux/input-event-codes.h.
    static let leftAlt: UInt16 = 56, left: UInt16 = 105, back: UInt16 = 158, leftCtrl: UInt16 = 29, btnSide: UInt16 = 0x113

    final class Targets {
        var keyboards: [RecordingKeyboard] = []
        var pointers: [RecordingKeyboard] = []
        lazy var runner = ActionRunner(log: .silent, commands: CommandRunner(log: .silent), makeKeyboard: { [unowned self] keys in
            let k = RecordingKeyboard(keys: keys)
            self.keyboards.append(k)
            return k
        }, makePointer: { [unowned self] buttons in
            let p = RecordingKeyboard(keys: buttons)
            self.pointers.append(p)
            return p
        })
    }

    func gesture(_ phase: GesturePhase, outcome: SwipeOutcome? = nil) -> GestureEvent {
        GestureEvent(recognizer: "back", phase: phase, edge: .left, fingers: 1, time: 1_000_000, outcome: outcome)
    }

    static let keyBack = ActionRule(trigger: .complete, edge: .left, action: .key(code: back, name: "KEY_BACK"))

    @Test func aCombinationIsPressedInOrderAndReleasedInReverse() {
        #expect(KeyStroke.combination([Self.leftAlt, Self.left])
                == [KeyStroke(Self.leftAlt, down: true), KeyStroke(Self.left, down: true),
                    KeyStroke(Self.left, down: false), KeyStroke(Self.leftAlt, down: false)])
        #expect(KeyStroke.combination([Self.leftCtrl, Self.leftAlt, Self.left]).map(\.description)
                == ["KEY_LEFTCTRL down", "KEY_LEFTALT down", "KEY_LEFT down", "KEY_LEFT up", "KEY_LEFTALT up", "KEY_LEFTCTRL up"])
    }

    @Test func aRoutedBackSendsItsCombinationInsteadOfTheRule() throws {
        let t = Targets()
        let route = RouteDecision(reason: "toolkit libadwaita", action: .altLeft)
        for phase in [GesturePhase.began, .changed] { t.runner.perform(gesture(phase), rules: [Self.keyBack], route: route) }
        #expect(t.keyboards.isEmpty, "nothing before the back completes")
        t.runner.perform(gesture(.ended, outcome: .complete), rules: [Self.keyBack], route: route)
        let keyboard = try #require(t.keyboards.last)
        #expect(keyboard.strokes == KeyStroke.combination([Self.leftAlt, Self.left]))
        #expect(keyboard.taps.isEmpty, "KEY_BACK, the rule's key, is not sent")
        #expect(keyboard.keys.isSuperset(of: [Self.leftAlt, Self.left]))
    }

    @Test func theDefaultRouteRunsTheRules() throws {
        let t = Targets()
        t.runner.perform(gesture(.ended, outcome: .complete), rules: [Self.keyBack], route: .noFocusReport)
        #expect(t.keyboards.last?.taps == [Self.back])
        #expect(t.keyboards.last?.strokes == [])
    }

    @Test func aCancelledBackRunsTheCancelRulesAndNoRoute() throws {
        let t = Targets()
        let cancelKey = ActionRule(trigger: .cancel, action: .key(code: Self.leftCtrl, name: "KEY_LEFTCTRL"))
        t.runner.perform(gesture(.ended, outcome: .cancel), rules: [Self.keyBack, cancelKey],
                         route: RouteDecision(reason: "toolkit qt6", action: .altLeft))
        #expect(t.keyboards.last?.taps == [Self.leftCtrl])
        #expect(t.keyboards.last?.strokes == [])
    }

    @Test func oneKeyAButtonAndNone() throws {
        let t = Targets()
        let done = gesture(.ended, outcome: .complete)
        t.runner.perform(done, rules: [], route: RouteDecision(reason: "app x, routes[0]", action: .key(RouteKey(code: Self.back, name: "KEY_BACK"))))
        #expect(t.keyboards.last?.taps == [Self.back])
        #expect(t.pointers.isEmpty, "no route pressed a button yet: no virtual mouse")
        t.runner.perform(done, rules: [], route: RouteDecision(reason: "app y, routes[1]", action: .button(RouteKey(code: Self.btnSide, name: "BTN_SIDE"))))
        let pointer = try #require(t.pointers.last)
        #expect(pointer.taps == [Self.btnSide])
        #expect(pointer.keys.contains(Self.btnSide))
        let before = (t.keyboards.map(\.taps), t.keyboards.map(\.strokes), pointer.taps)
        t.runner.perform(done, rules: [Self.keyBack], route: RouteDecision(reason: "app foot, routes[2]", action: RouteAction.none))
        #expect(t.keyboards.map(\.taps) == before.0 && t.keyboards.map(\.strokes) == before.1 && pointer.taps == before.2,
                "none sends nothing, and the rule's KEY_BACK is not sent either")
    }

    /// The keyboard is made with every key routes can send, so a combination never needs a new device mid-back.
    @Test func theKeyboardDeclaresTheRoutesKeys() throws {
        let t = Targets()
        try t.runner.prepareKeyboard(for: [Self.keyBack])
        try t.runner.prepareRoutes(keys: [Self.leftAlt, Self.left], buttons: [])
        #expect(t.keyboards.last?.keys == [Self.back, Self.leftAlt, Self.left])
        #expect(t.pointers.isEmpty)
        let made = t.keyboards.count
        t.runner.perform(gesture(.ended, outcome: .complete), rules: [Self.keyBack], route: RouteDecision(reason: "toolkit gtk4", action: .altLeft))
        #expect(t.keyboards.count == made, "no new keyboard for Alt+Left")
        // A reload that adds a key the rules name keeps the routes' keys.
        try t.runner.prepareKeyboard(for: [ActionRule(action: .key(code: Self.leftCtrl, name: "KEY_LEFTCTRL"))])
        #expect(t.keyboards.last?.keys == [Self.back, Self.leftAlt, Self.left, Self.leftCtrl])
        try t.runner.prepareRoutes(keys: [], buttons: [Self.btnSide])
        #expect(t.pointers.last?.keys == [Self.btnSide])
    }
}
