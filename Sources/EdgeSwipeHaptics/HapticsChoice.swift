import TouchModel

/// The `--haptics` option of `edgeswipe feedback`: `feedbackd` (the default), `evdev:PATH` (force feedback
/// on that vibrator, for systems without feedbackd; off unless asked for) or `off`; and `--haptic-pulse-ms`,
/// the evdev pulse (default 20 ms; at least 15 ms, as a 7 ms pulse is not felt on a PinePhone, mobile-nixos#414).
public enum HapticsChoice: Hashable, Sendable {
    case feedbackd
    case evdev(path: String, pulse: Microseconds)
    case off

    public static let optionName = "--haptics"
    public static let pulseOptionName = "--haptic-pulse-ms"
    public static let defaultPulseMs = 20
    public static let pulseRangeMs = 15...1000

    /// Parses the two options' values (`pulseMs` nil when not given). Errors name the option and the value.
    public static func parse(_ value: String, pulseMs: String? = nil) throws(HapticsError) -> HapticsChoice {
        let pulse = try parsePulse(pulseMs)
        switch value {
        case "feedbackd", "off":
            if pulseMs != nil {
                throw HapticsError("\(pulseOptionName) is for \(optionName) evdev:PATH only, not \(value)")
            }
            return value == "off" ? .off : .feedbackd
        default:
            let prefix = "evdev:"
            guard value.hasPrefix(prefix) else {
                throw HapticsError("\(optionName) '\(value)': expected feedbackd, evdev:/dev/input/eventN or off")
            }
            let path = String(value.dropFirst(prefix.count))
            guard path.hasPrefix("/") else {
                throw HapticsError("\(optionName) '\(value)': the vibrator's path must be absolute (evdev:/dev/input/eventN)")
            }
            return .evdev(path: path, pulse: pulse)
        }
    }

    private static func parsePulse(_ text: String?) throws(HapticsError) -> Microseconds {
        guard let text else { return Microseconds(milliseconds: Double(defaultPulseMs)) }
        guard let ms = Int(text), pulseRangeMs.contains(ms) else {
            throw HapticsError("\(pulseOptionName) '\(text)': a whole number of milliseconds from \(pulseRangeMs.lowerBound) to "
                               + "\(pulseRangeMs.upperBound) (shorter pulses are not felt on phone vibrators)")
        }
        return Microseconds(milliseconds: Double(ms))
    }
}

/// A haptics setting or device that cannot be used, with a sentence naming what and where.
public struct HapticsError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
