import TouchModel

/// What the session side reports about one output (`reportOutput`, docs/protocol.md): its name, its wl_output
/// transform, and its size. The service cannot reach the user's compositor from its sandbox, so `edgeswipe
/// feedback` (on every wl_output change) or `edgeswipe report-output` (from a compositor hook) tells it.
public struct OutputReport: Hashable, Sendable {
    public var output: String
    public var orientation: OutputOrientation
    /// Physical size in mm as wl_output.geometry gives it (the panel's native orientation); nil when not given or
    /// 0 (wl_output says 0 for projectors and outputs of unknown size).
    public var widthMM: Double?
    public var heightMM: Double?
    /// The current mode in pixels, and the output's scale; informative (published, checked by doctor).
    public var widthPixels: Int?
    public var heightPixels: Int?
    public var scale: Double?
    /// Kept after the reporting connection closes, until withdrawn (`withdrawOutput`): a compositor hook's report
    /// (`edgeswipe report-output`), whose connection ends with the command. False: the report goes with its
    /// connection (`edgeswipe feedback`'s, which reports again on every connection).
    public var persistent: Bool

    public init(output: String, orientation: OutputOrientation, widthMM: Double? = nil, heightMM: Double? = nil,
                widthPixels: Int? = nil, heightPixels: Int? = nil, scale: Double? = nil, persistent: Bool = false) {
        self.persistent = persistent
        self.output = output
        self.orientation = orientation
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.widthPixels = widthPixels
        self.heightPixels = heightPixels
        self.scale = scale
    }

    /// Bounds of the fields, for messages: a 10 m display or a 65536-pixel mode is a mistake, not a screen.
    public static let maxMM = 10_000.0
    /// A screen's shortest side (`PhysicalSize.minSideMM`): a smaller size is a unit mistake, and it would make the
    /// feedback's pixels per mm unbounded.
    public static let minMM = PhysicalSize.minSideMM
    public static let maxPixels = 65_535
    public static let maxScale = 16.0
}
