import Foundation
import Testing

/// Live tests need a real kernel with uinput and udev: the VM rig (Tests/VM, which sets EDGESWIPE_VM=1).
/// On any other machine they are skipped with this reason.
enum LiveGate {
    static let inVM = ProcessInfo.processInfo.environment["EDGESWIPE_VM"] == "1"
    static let reason: Comment = "needs /dev/uinput and udev: runs in the VM rig (Tests/VM/live-tests --filter LiveTests)"
}
