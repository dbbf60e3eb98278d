import Gestures
import TouchModel

/// The touch devices' screens as the user sees them, for the hello and the `state` reply (docs/protocol.md,
/// "Connecting"): `[{"widthMM","heightMM","rotation","flipped","output"}]`, the size after rotation (the millimetres
/// exclusions and `positionMM` are in), the rotation in degrees clockwise, and the display output the panel
/// is on (`reportOutput`; `null`: not reported). A page converts its CSS pixels to these millimetres.
package enum ScreenJSON {
    package static func screens(_ screens: [(transform: ScreenTransform, output: String?)]) -> JSONValue {
        .array(screens.map { t, output in
            .object(["widthMM": .number(t.screenSize.widthMM), "heightMM": .number(t.screenSize.heightMM),
                     "rotation": .integer(Int64(t.rotation.rawValue)), "flipped": .bool(t.flipped),
                     "output": output.map { .string($0) } ?? .null])
        })
    }
}
