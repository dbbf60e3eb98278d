import Gestures
import TouchInput
import TouchOwnership

/// An owned source's forwarding: the forwarder that decides what goes on to the clone, and the clone.
/// Non-copyable, held in the source's `let`: the session reads it for each event and frame as a borrow (a copy
/// cannot be made), and its fields then come out of the borrowed value with no retain or release. A class, or an
/// optional class reference read from a `let`, was retained and released around each use (BENCHMARKS.md,
/// 2026-12-04).
struct SourceForwarding: ~Copyable {
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
    init(device: DeviceDescription, mode: MultitouchDecoder.Mode, target: ForwardTarget,
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
