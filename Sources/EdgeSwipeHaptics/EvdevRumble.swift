import CEdgeSwipeSys
import EdgeSwipeControl
import EdgeSwipeSystem
import Glibc
import TouchModel

/// Force feedback on an evdev vibrator (a phone's `vibrator` input device): one FF_RUMBLE effect uploaded
/// when opened (EVIOCSFF), played once per cue by writing EV_FF (code: the effect, value 1). The write is
/// non-blocking; the kernel stops the effect after its length. Closing the descriptor erases the effect.
public final class EvdevRumble: HapticOutput {
    public let path: String
    public let pulse: Microseconds
    private let descriptor: FileDescriptor
    private let effectId: Int16
    private let report: (String) -> Void
    private var writeFailure = SayOnce()

    public var name: String { "force feedback on \(path) (\(Int(pulse.milliseconds)) ms)" }

    /// Opens `path`, checks it can rumble, and uploads the effect. Errors name the path.
    public init(path: String, pulse: Microseconds, report: @escaping (String) -> Void) throws(HapticsError) {
        self.path = path
        self.pulse = pulse
        self.report = report
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(path, [.readWrite, .nonBlocking, .closeOnExec])
        } catch {
            throw HapticsError("\(path): cannot open the vibrator (\(error.errno)); the user needs write access "
                               + "(feedbackd's udev rule gives it with TAG+=\"uaccess\")")
        }
        do {
            try Self.checkRumble(fd, path: path)
            effectId = try Self.upload(fd, path: path, pulse: pulse)
        } catch {
            try? fd.close()
            throw error
        }
        descriptor = fd
    }

    deinit { try? descriptor.close() }

    private static func checkRumble(_ fd: FileDescriptor, path: String) throws(HapticsError) {
        var bits = [UInt8](repeating: 0, count: (Int(FF_MAX) + 8) / 8)
        let length = UInt32(bits.count)
        do {
            try SystemCall.run("ioctl(\(path), EVIOCGBIT(EV_FF))") {
                bits.withUnsafeMutableBytes { edgeswipe_eviocgbit_ff(fd.rawValue, $0.baseAddress, length) }
            }
        } catch {
            throw HapticsError("\(path): not an input device with force feedback (\(error.errno))")
        }
        let rumble = Int(FF_RUMBLE)
        guard bits[rumble / 8] & (1 << UInt8(rumble % 8)) != 0 else {
            throw HapticsError("\(path): the device has no FF_RUMBLE force feedback (not a vibrator)")
        }
    }

    private static func upload(_ fd: FileDescriptor, path: String, pulse: Microseconds) throws(HapticsError) -> Int16 {
        var effect = ff_effect()
        effect.type = UInt16(FF_RUMBLE)
        effect.id = -1  // a new effect; the kernel writes its id here
        effect.replay.length = UInt16(clamping: pulse.rawValue / 1000)
        effect.replay.delay = 0
        // Both motors full: a 20 ms pulse at less is hard to feel on a phone's eccentric-mass motor.
        effect.u.rumble.strong_magnitude = 0xFFFF
        effect.u.rumble.weak_magnitude = 0xFFFF
        do {
            try SystemCall.run("ioctl(\(path), EVIOCSFF)") { edgeswipe_eviocsff(fd.rawValue, &effect) }
        } catch {
            throw HapticsError("\(path): uploading the FF_RUMBLE effect failed (\(error.errno))")
        }
        return effect.id
    }

    public func play(_ cue: HapticCue) {
        var event = input_event()
        event.type = UInt16(EV_FF)
        event.code = UInt16(bitPattern: effectId)
        event.value = 1
        do {
            let written = try withUnsafeBytes(of: &event) { bytes throws(SystemError) in
                try SystemCall.nonBlocking("write(\(path), EV_FF)") { Glibc.write(descriptor.rawValue, bytes.baseAddress, bytes.count) }
            }
            if written == nil { throw SystemError(errno: .wouldBlock, operation: "write(\(path), EV_FF)") }
        } catch {
            // Once: a vibrator that went away fails every cue the same way.
            writeFailure.say("write", "\(path): playing the \(cue.rawValue) pulse failed: \(error)", to: report)
        }
    }
}
