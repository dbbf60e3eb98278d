import Gestures
import TouchInput
import TouchOwnership

/// An owned source's forwarding: the forwarder that decides what goes on to the clone, and the clone.
final class SourceForwarding {
    let forwarder: HoldForwarder
    let target: any ForwardTarget
    /// Gives the source device back to other readers (its grab released) once the clone cannot be written:
    /// nil for a source nobody grabbed (a fed recording).
    let releaseGrab: (() throws -> Void)?

    init(forwarder: HoldForwarder, target: any ForwardTarget, releaseGrab: (() throws -> Void)? = nil) {
        self.forwarder = forwarder
        self.target = target
        self.releaseGrab = releaseGrab
    }

    /// A forwarding for `device` read in `mode`. Throws (OwnershipError) for a device that cannot be owned.
    convenience init(device: DeviceDescription, mode: MultitouchDecoder.Mode, target: any ForwardTarget,
                     releaseGrab: (() throws -> Void)? = nil) throws {
        self.init(forwarder: try HoldForwarder(device: device, mode: mode), target: target, releaseGrab: releaseGrab)
    }
}
