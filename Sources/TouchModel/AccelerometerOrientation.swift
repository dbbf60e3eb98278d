/// Which edge of the panel points up, as iio-sensor-proxy reads its accelerometer (`AccelerometerOrientation` of
/// `net.hadess.SensorProxy` on the system bus), and the panel's clockwise turn that follows from it.
///
/// iio-sensor-proxy names the edge of the device that is up, in the device's own terms: `left-up` is the device
/// with its native left edge at the top (its orientation.c: an x reading of +1 g, gravity towards the native right
/// edge, is `left-up`), that is the panel turned 90° clockwise: `ScreenRotation.r90`, whose native left edge is at
/// the top and native bottom edge on the user's left. `right-up` is the other quarter turn (270), `bottom-up` upside
/// down (180). `undefined` is the device flat on a table (or no reading yet): it says nothing about which edge is
/// up, so the last orientation stays, as mutter's orientation manager and phosh's rotation manager keep theirs.
public enum AccelerometerOrientation: String, Hashable, Sendable, CaseIterable {
    case undefined
    case normal
    case bottomUp = "bottom-up"
    case leftUp = "left-up"
    case rightUp = "right-up"

    /// The panel's clockwise turn, or nil for `undefined` (keep the last one).
    public var rotation: ScreenRotation? {
        switch self {
        case .undefined: return nil
        case .normal: return .r0
        case .leftUp: return .r90
        case .bottomUp: return .r180
        case .rightUp: return .r270
        }
    }

    /// The values iio-sensor-proxy documents, for messages.
    public static let names = allCases.map(\.rawValue).joined(separator: ", ")
}

/// The rotation the accelerometer has given so far: what each `AccelerometerOrientation` value does to it. Pure;
/// the bus client feeds it the property's values as they come.
public struct AccelerometerRotation: Hashable, Sendable {
    /// What a value did.
    public enum Outcome: Hashable, Sendable {
        /// The rotation is now `to` (it was another).
        case turned(to: ScreenRotation)
        /// The same orientation again.
        case unchanged
        /// `undefined`: flat, or no reading; the rotation stays.
        case flat
        /// None of the documented values; the rotation stays. The message names the value (at most 64 bytes of it).
        case unknown(String)
    }

    /// The rotation in force: 0 until the accelerometer says otherwise.
    public private(set) var rotation: ScreenRotation

    public init(rotation: ScreenRotation = .r0) { self.rotation = rotation }

    public mutating func follow(_ value: String) -> Outcome {
        guard let orientation = AccelerometerOrientation(rawValue: value) else {
            let shown = value.utf8.count <= 64 ? value : String(decoding: value.utf8.prefix(64), as: UTF8.self) + "..."
            return .unknown("iio-sensor-proxy's AccelerometerOrientation is \"\(shown)\", none of \(AccelerometerOrientation.names): "
                            + "the rotation stays \(rotation.rawValue)")
        }
        guard let next = orientation.rotation else { return .flat }
        guard next != rotation else { return .unchanged }
        rotation = next
        return .turned(to: next)
    }
}
