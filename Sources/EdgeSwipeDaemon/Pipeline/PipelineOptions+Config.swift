import Gestures
import Navigation
import TouchInput
import TouchModel

extension PipelineOptions {
    /// A device's pipeline options from its configuration settings (defaults overlaid with its entry).
    /// Recognizers: one per configured edge (default left, or right for right-to-left), all with the
    /// configured thresholds; values not given keep issue 3's contract.
    package init(settings: DeviceSettings, base: PipelineOptions = PipelineOptions()) throws {
        self = base
        if let size = settings.size { configuredSize = size }
        // `auto` starts at 0 until its output is reported (DeviceSetup applies the report).
        if case .fixed(let r) = settings.rotation { rotation = ScreenRotation(rawValue: r.rawValue) ?? .r0 }
        if let c = settings.calibration {
            guard let m = CalibrationMatrix(c) else { throw ConfigMappingError("calibration needs six numbers") }
            calibration = m
        }
        let edges = settings.edges ?? [navigation.popEdge]
        let t = settings.thresholds
        let defaults = EdgeSwipeConfig()
        recognizers = edges.map { edge in
            EdgeSwipeConfig(edges: [edge], fingers: t.fingers ?? defaults.fingers,
                            edgeZoneMM: t.edgeZoneMM ?? defaults.edgeZoneMM,
                            activationDistanceMM: t.activationDistanceMM ?? defaults.activationDistanceMM,
                            angleToleranceDegrees: t.angleToleranceDegrees ?? defaults.angleToleranceDegrees,
                            perpendicularDriftLimitMM: t.maxDriftMM ?? defaults.perpendicularDriftLimitMM,
                            activationTimeoutMS: t.activationTimeoutMS ?? defaults.activationTimeoutMS,
                            completionProgress: t.completeProgress ?? defaults.completionProgress,
                            completionVelocityMMs: t.completeVelocityMMs ?? defaults.completionVelocityMMs,
                            alongEdgeSlopMM: t.alongEdgeSlopMM ?? defaults.alongEdgeSlopMM,
                            armMinTravelMM: t.armMinTravelMM ?? defaults.armMinTravelMM,
                            armMinIntervalMS: t.armMinIntervalMS ?? defaults.armMinIntervalMS,
                            armConeRatio: t.armConeRatio ?? defaults.armConeRatio,
                            palmMajorMM: t.palmMajorMM ?? defaults.palmMajorMM,
                            palmAreaMM2: t.palmAreaMM2 ?? defaults.palmAreaMM2,
                            palmPressure: t.palmPressure ?? defaults.palmPressure,
                            gripRadiusMM: t.gripRadiusMM ?? defaults.gripRadiusMM,
                            gripTimeMS: t.gripTimeMS ?? defaults.gripTimeMS)
        }
        let pen = PenGateConfig()
        penGate = PenGateConfig(lingerMS: t.penLingerMS ?? pen.lingerMS, handMarginMM: t.penHandMarginMM ?? pen.handMarginMM,
                                stuckMS: t.penStuckMS ?? pen.stuckMS, handedness: settings.handedness ?? pen.handedness)
        if !penGate.problems().isEmpty { throw ConfigMappingError(penGate.problems().joined(separator: "; ")) }
        penRequest = settings.pen ?? .automatic
        content = nil
        if settings.contentSwipe == true {
            var swipe = ContentSwipeConfig()
            if let travel = t.contentTravelMM { swipe.travelMM = travel }
            let handshake = ContentHandshakeConfig(answerWaitMS: t.contentAnswerWaitMS ?? ContentHandshakeConfig().answerWaitMS)
            let problems = swipe.problems() + handshake.problems()
            if !problems.isEmpty { throw ConfigMappingError("content swipe: " + problems.joined(separator: "; ")) }
            content = ContentOptions(swipe: swipe, handshake: handshake)
        }
        for r in recognizers where !r.problems().isEmpty {
            throw ConfigMappingError("recognizer \(r.name): " + r.problems().joined(separator: "; "))
        }
    }
}

package struct ConfigMappingError: Error, CustomStringConvertible {
    package var description: String
    init(_ d: String) { description = d }
}
