import Gestures
import TouchInput
import TouchOwnership

/// An owned source's forwarding: the forwarder that decides what goes on to the clone, and the clone.
final class SourceForwarding {
    let forwarder: HoldForwarder
    let target: any ForwardTarget

    init(forwarder: HoldForwarder, target: any ForwardTarget) {
        self.forwarder = forwarder
        self.target = target
    }

    /// A forwarding for `device` read in `mode`. Throws (OwnershipError) for a device that cannot be owned.
    convenience init(device: DeviceDescription, mode: MultitouchDecoder.Mode, target: any ForwardTarget) throws {
        self.init(forwarder: try HoldForwarder(device: device, mode: mode), target: target)
    }
}
