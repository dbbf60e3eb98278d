import Gestures
import TouchInput
import TouchOwnership

/// An owned source's forwarding: the forwarder that decides what goes on to the clone, and the clone. Every
/// property is a `let`: the session reads them for each event and frame from the source's own `let`, borrowed,
/// with no retain or release (a `var` would be copied out, retained, for each read).
final class SourceForwarding {
    let forwarder: HoldForwarder
    let target: ForwardTarget
    /// Gives the source device back to other readers (its grab released) once the clone cannot be written:
    /// nil for a source nobody grabbed (a fed recording).
    let releaseGrab: (() throws -> Void)?

    init(forwarder: HoldForwarder, target: ForwardTarget, releaseGrab: (() throws -> Void)? = nil) {
        self.forwarder = forwarder
        self.target = target
        self.releaseGrab = releaseGrab
    }

    /// A forwarding for `device` read in `mode`. Throws (OwnershipError) for a device that cannot be owned.
    convenience init(device: DeviceDescription, mode: MultitouchDecoder.Mode, target: ForwardTarget,
                     releaseGrab: (() throws -> Void)? = nil) throws {
        self.init(forwarder: try HoldForwarder(device: device, mode: mode), target: target, releaseGrab: releaseGrab)
    }

    /// Writes what the forwarder's last call left for the clone; nothing when it left nothing.
    @inline(__always)
    func writeOutput() throws {
        try forwarder.withOutput { events in
            if !events.isEmpty { try target.write(events) }
        }
    }
}
