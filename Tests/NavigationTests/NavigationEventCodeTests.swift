import Navigation
import Testing

@Suite struct NavigationEventCodeTests {
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
