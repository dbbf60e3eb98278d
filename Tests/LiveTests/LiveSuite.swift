import Testing

/// Every live suite is nested here: they create uinput devices, load a udev rule and start the service, so
/// none may run alongside another (Swift Testing runs separate suites in parallel; `.serialized` here covers
/// everything nested). Enabled only in the VM rig.
@Suite(.serialized, .enabled(if: LiveGate.inVM, LiveGate.reason))
enum LiveSuite {}
