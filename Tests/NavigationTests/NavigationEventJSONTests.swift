import Navigation
import Testing

@Suite struct NavigationEventJSONTests {
    private func line(_ kind: NavigationEvent.Kind, _ t: UInt64 = 1_500) -> String {
        NavigationEvent(timeUs: t, kind: kind).jsonLine
    }

    @Test func appearanceLines() {
        #expect(line(.willAppear("inbox")) == #"{"timeUs":1500,"type":"willAppear","screen":"inbox"}"#)
        #expect(line(.didAppear("a")) == #"{"timeUs":1500,"type":"didAppear","screen":"a"}"#)
        #expect(line(.willDisappear("a")) == #"{"timeUs":1500,"type":"willDisappear","screen":"a"}"#)
        #expect(line(.didDisappear("a")) == #"{"timeUs":1500,"type":"didDisappear","screen":"a"}"#)
    }

    @Test func transitionLines() {
        #expect(line(.transitionBegan(.interactivePop, from: "message", to: "inbox")) ==
                #"{"timeUs":1500,"type":"transitionBegan","kind":"interactivePop","from":"message","to":"inbox"}"#)
        #expect(line(.transitionFinished(.setScreens, from: nil, to: "home")) ==
                #"{"timeUs":1500,"type":"transitionFinished","kind":"setScreens","from":null,"to":"home"}"#)
        #expect(line(.transitionCancelled(.interactivePop, from: "b", to: "a")) ==
                #"{"timeUs":1500,"type":"transitionCancelled","kind":"interactivePop","from":"b","to":"a"}"#)
        #expect(line(.transitionProgress(0.25)) == #"{"timeUs":1500,"type":"transitionProgress","progress":0.25}"#)
        #expect(line(.transitionProgress(1)) == #"{"timeUs":1500,"type":"transitionProgress","progress":1}"#)
        #expect(line(.transitionProgress(1.0 / 3)) == #"{"timeUs":1500,"type":"transitionProgress","progress":0.3333}"#)
    }

    @Test func refusalAndDiagnosticLines() {
        #expect(line(.popRefused(.root, detail: nil)) == #"{"timeUs":1500,"type":"popRefused","reason":"root"}"#)
        #expect(line(.popRefused(.delegate, detail: "unsaved")) ==
                #"{"timeUs":1500,"type":"popRefused","reason":"delegate","detail":"unsaved"}"#)
        #expect(line(.diagnostic(.nilDelegateAtRoot, screen: "feed", detail: "x")) ==
                #"{"timeUs":1500,"type":"diagnostic","code":"nilDelegateAtRoot","screen":"feed","detail":"x"}"#)
    }

    @Test func stringsAreEscaped() {
        #expect(line(.popRefused(.delegate, detail: "say \"no\"\\\n\u{1}")) ==
                #"{"timeUs":1500,"type":"popRefused","reason":"delegate","detail":"say \"no\"\\\n\u0001"}"#)
    }

    @Test func codesAreStableCamelCase() {
        #expect(PopRefusalReason.allCases.map(\.rawValue) ==
                ["root", "navigationBarHidden", "transitionInProgress", "touchInNavigationBar", "wrongEdge", "delegate"])
        #expect(DiagnosticCode.allCases.map(\.rawValue) == [
            "nilDelegateAtRoot", "nilDelegateLeaked", "staleDelegateRestored", "ownDelegateOverwritten",
            "freezePrevented", "transitionFrozen", "popIgnoredAtRoot", "droppedQueuedOperation",
            "endedWithoutOutcome", "bug",
        ])
    }
}
