import TouchInput

/// The live forward target: an owned device's uinput clone.
extension UInputClone: ForwardTarget {}
