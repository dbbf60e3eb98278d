import TouchInput

/// Where an owned device's forwarded events go: the uinput clone live, an array in tests.
package protocol ForwardTarget: AnyObject {
    /// Writes whole frames, each ending in SYN_REPORT (the forwarder's buffer: valid during the call). Throws when
    /// the target is gone.
    func write(_ events: UnsafeBufferPointer<InputEvent>) throws
}
