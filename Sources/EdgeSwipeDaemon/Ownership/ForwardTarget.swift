import TouchInput

/// Where an owned device's forwarded events go: the uinput clone live, an array in tests.
package protocol ForwardTarget: AnyObject {
    /// Writes whole frames, each ending in SYN_REPORT. Throws when the target is gone.
    func write(_ events: [InputEvent]) throws
}
