/// A time or a span of time in whole microseconds: the one time type of the pipeline.
///
/// As an instant it is on the trace clock of its source: a recording counts from its first event, a live device
/// uses CLOCK_MONOTONIC. Pure logic never reads a clock; it is given `now` in this type. `+` and `-` trap on
/// overflow as `UInt64`'s do; `&+` wraps.
@frozen
public struct Microseconds: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public var rawValue: UInt64

    @inlinable @inline(__always)
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    @inlinable @inline(__always)
    public init(integerLiteral value: UInt64) { self.rawValue = value }

    /// Milliseconds rounded down to whole microseconds; negative, NaN and infinite give zero, more than UInt64
    /// holds gives its largest value.
    @inlinable
    public init(milliseconds ms: Double) {
        self.init(saturating: ms.isFinite && ms > 0 ? ms * 1000 : 0)
    }

    /// Seconds rounded down to whole microseconds; negative, NaN and infinite give zero, more than UInt64 holds
    /// gives its largest value (issue 33: a back event's time of 1e300 s trapped the conversion).
    @inlinable
    public init(seconds s: Double) {
        self.init(saturating: s.isFinite && s > 0 ? s * 1_000_000 : 0)
    }

    /// `us` (finite, not negative) in whole microseconds, at most UInt64.max: 2^64 is the first Double past it.
    @inlinable
    init(saturating us: Double) {
        self.rawValue = us < 18_446_744_073_709_551_616.0 ? UInt64(us) : .max
    }

    // Computed and inlinable, not stored: another module's read of a stored `static let` is a call to its
    // addressor (the event loop's turn reads `.zero` on every wake-up).
    @inlinable public static var zero: Microseconds { Microseconds(0) }
    @inlinable public static var max: Microseconds { Microseconds(UInt64.max) }

    /// In milliseconds, for display and for timings given in ms.
    @inlinable public var milliseconds: Double { Double(rawValue) / 1000 }
    /// In seconds, for rates (mm/s).
    @inlinable public var seconds: Double { Double(rawValue) / 1e6 }

    /// The plain number of microseconds, as the raw value prints.
    public var description: String { String(rawValue) }

    @inlinable @inline(__always)
    public static func < (a: Microseconds, b: Microseconds) -> Bool { a.rawValue < b.rawValue }
    @inlinable @inline(__always)
    public static func + (a: Microseconds, b: Microseconds) -> Microseconds { Microseconds(a.rawValue + b.rawValue) }
    @inlinable @inline(__always)
    public static func - (a: Microseconds, b: Microseconds) -> Microseconds { Microseconds(a.rawValue - b.rawValue) }
    @inlinable @inline(__always)
    public static func &+ (a: Microseconds, b: Microseconds) -> Microseconds { Microseconds(a.rawValue &+ b.rawValue) }
    @inlinable @inline(__always)
    public static func += (a: inout Microseconds, b: Microseconds) { a.rawValue += b.rawValue }
}
