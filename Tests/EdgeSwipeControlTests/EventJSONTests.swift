import Gestures
import Navigation
import Testing
import TouchModel
import EdgeSwipeControl

/// Issue 5's JSON-lines schema, checked on hand-built events.
@Suite struct EventJSONTests {
    @Test func navigationLines() {
        func line(_ kind: NavigationEvent.Kind) -> String { EventJSON.navigation(NavigationEvent(time: 1_500_000, kind: kind)) }
        #expect(line(.willAppear("inbox")) == #"{"type":"navigation","event":"willAppear","time":1.5,"screen":"inbox"}"#)
        #expect(line(.transitionBegan(.interactivePop, from: "message", to: "inbox")) ==
                #"{"type":"navigation","event":"transitionBegan","time":1.5,"kind":"interactivePop","from":"message","to":"inbox"}"#)
        #expect(line(.transitionFinished(.setScreens, from: nil, to: "home")) ==
                #"{"type":"navigation","event":"transitionFinished","time":1.5,"kind":"setScreens","from":null,"to":"home"}"#)
        #expect(line(.transitionProgress(1.0 / 3)) == #"{"type":"navigation","event":"transitionProgress","time":1.5,"progress":0.3333}"#)
        #expect(line(.popRefused(.root, detail: nil)) == #"{"type":"navigation","event":"popRefused","time":1.5,"reason":"root"}"#)
        #expect(line(.diagnostic(.nilDelegateAtRoot, screen: "feed", detail: "x")) ==
                #"{"type":"navigation","event":"diagnostic","time":1.5,"code":"nilDelegateAtRoot","screen":"feed","detail":"x"}"#)
    }

    @Test func stringsAreEscaped() {
        let l = EventJSON.navigation(NavigationEvent(time: 0, kind: .popRefused(.delegate, detail: "say \"no\"\\\n\u{1}")))
        #expect(l == #"{"type":"navigation","event":"popRefused","time":0,"reason":"delegate","detail":"say \"no\"\\\n\u0001"}"#)
    }

    @Test func gestureLines() {
        let ended = GestureEvent(recognizer: "left-1", phase: .ended, edge: .left, fingers: 1, time: 258_333,
                                 progress: 0.74944, translationMM: 108.61, velocityMMs: 2.04,
                                 startMM: Point(x: 1.45, y: 100), positionMM: Point(x: 110.06, y: 102), outcome: .complete,
                                 armed: true, decidedBy: .armed, extentMM: 144.92)
        #expect(EventJSON.gesture(ended) ==
                #"{"type":"gesture","phase":"ended","edge":"left","fingers":1,"time":0.258333,"outcome":"complete","recognizer":"left-1","progress":0.7494,"translationMM":108.61,"velocityMMs":2,"positionMM":{"x":110.06,"y":102},"armed":true,"startMM":{"x":1.45,"y":100},"decidedBy":"armed"}"#)
        // The predictive stream: the beginning publishes the progress curve; a change of the armed state is an
        // event of its own with its reason; a fling says so at the end.
        let began = GestureEvent(recognizer: "left-1", phase: .began, edge: .left, fingers: 1, time: 8_333, progress: 0.0488,
                                 translationMM: 7.09, velocityMMs: 850.9, startMM: Point(x: 1.45, y: 100),
                                 positionMM: Point(x: 8.55, y: 100.09), extentMM: 145.36)
        #expect(EventJSON.gesture(began) ==
                #"{"type":"gesture","phase":"began","edge":"left","fingers":1,"time":0.008333,"recognizer":"left-1","progress":0.0488,"translationMM":7.09,"velocityMMs":850.9,"positionMM":{"x":8.55,"y":100.09},"armed":false,"progressCurve":"linear","extentMM":145.36,"startMM":{"x":1.45,"y":100}}"#)
        let disarmed = GestureEvent(recognizer: "left-1", phase: .disarmed, edge: .left, fingers: 1, time: 100_000,
                                    progress: 0.2, translationMM: 29, velocityMMs: -40, armReason: .movedBackTowardEdge)
        #expect(EventJSON.gesture(disarmed) ==
                #"{"type":"gesture","phase":"disarmed","edge":"left","fingers":1,"time":0.1,"recognizer":"left-1","progress":0.2,"translationMM":29,"velocityMMs":-40,"positionMM":{"x":0,"y":0},"armed":false,"startMM":{"x":0,"y":0},"reason":"movedBackTowardEdge"}"#)
        let fling = GestureEvent(recognizer: "left-1", phase: .ended, edge: .left, fingers: 1, time: 120_000, progress: 0.1,
                                 translationMM: 14.5, velocityMMs: 400, outcome: .complete, decidedBy: .fling)
        #expect(EventJSON.gesture(fling).hasSuffix(#""armed":false,"startMM":{"x":0,"y":0},"decidedBy":"fling"}"#))
        let failed = GestureEvent(recognizer: "left-1", phase: .failed, edge: .left, fingers: 1, time: 2_000_000,
                                  failureReason: .refused(.root))
        #expect(EventJSON.gesture(failed, device: "pad") ==
                #"{"type":"gesture","phase":"failed","edge":"left","fingers":1,"time":2,"recognizer":"left-1","startMM":{"x":0,"y":0},"reason":"refused","detail":"refused: root","device":"pad"}"#)
    }

    @Test func nonFiniteNumbersBecomeNull() {
        var o = JSONLine()
        o.add("v", Double.nan)
        o.add("w", -Double.infinity)
        #expect(o.string == #"{"v":null,"w":null}"#)
    }
}
