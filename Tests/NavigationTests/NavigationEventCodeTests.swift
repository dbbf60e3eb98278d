import Gestures
import Navigation
import Testing
import TouchModel

@Suite struct NavigationEventCodeTests {
    @Test func codesAreStableCamelCase() {
        #expect(RefusalReason.allCases.map(\.rawValue) ==
                ["root", "navigationBarHidden", "transitionInProgress", "touchInNavigationBar", "wrongEdge", "delegate",
                 "excludedArea", "interactivePopDisabled"])
        #expect(DiagnosticCode.allCases.map(\.rawValue) == [
            "nilDelegateAtRoot", "nilDelegateLeaked", "staleDelegateRestored", "ownDelegateOverwritten",
            "freezePrevented", "transitionFrozen", "popIgnoredAtRoot", "droppedQueuedOperation",
            "endedWithoutOutcome", "bug",
        ])
    }
}
