import Gestures
import TouchModel

/// Rotation and mapping agreeing with the compositor's (issue 27): each touchscreen the service publishes, on the
/// output it names (or the compositor's only output), must be turned as the compositor turns that output, or a
/// swipe from the edge the user sees on the left is read as from another edge.
extension DoctorChecks {
    static let followRemedy = "set 'rotation: auto' (and 'output: NAME' with several outputs) and run 'edgeswipe feedback' in the session, "
        + "or 'edgeswipe report-output --output NAME --transform T' from the hook that turns the output"

    /// An `output:` setting naming an output the compositor does not have (most often a typo): reports for the
    /// real output never match it, so a `rotation: auto` panel stays unturned without a word.
    static func configuredOutputs(_ facts: DoctorFacts) -> [DoctorFinding] {
        guard let outputs = facts.compositorOutputs, !outputs.isEmpty else { return [] }
        let names = outputs.map(\.name)
        return facts.configuredOutputs.filter { !names.contains($0.name) }.map { setting in
            DoctorFinding(code: .outputMismatch, subject: setting.place,
                          message: "the configuration's 'output: \(setting.name)' names an output the compositor does not have "
                              + "(it has \(names.joined(separator: ", "))): reports of the real output never reach this touchscreen, "
                              + "so 'rotation: auto' leaves it unturned",
                          remedy: "write one of \(names.joined(separator: ", ")) (as 'swaymsg -t get_outputs' or 'hyprctl monitors' names it)")
        }
    }

    static func screens(_ facts: DoctorFacts) -> [DoctorFinding] {
        guard let screens = facts.screens, let outputs = facts.compositorOutputs, !outputs.isEmpty else { return [] }
        return screens.enumerated().compactMap { index, screen in
            let subject = "screen \(index + 1)"
            let output: CompositorOutputFact
            if let name = screen.output {
                guard let found = outputs.first(where: { $0.name == name }) else {
                    return DoctorFinding(code: .outputMismatch, subject: subject,
                                         message: "the service maps touchscreen \(index + 1) to output \(name), which the compositor does not have "
                                             + "(it has \(outputs.map(\.name).joined(separator: ", ")))",
                                         remedy: "name the compositor's output in the device's 'output:' setting")
                }
                output = found
            } else if outputs.count == 1 {
                output = outputs[0]
            } else {
                return DoctorFinding(code: .outputAmbiguous, subject: subject,
                                     message: "the compositor has \(outputs.count) outputs (\(outputs.map(\.name).joined(separator: ", "))) "
                                         + "and the service does not know which one touchscreen \(index + 1) is on",
                                     remedy: "set 'output: NAME' in its device entry (as the compositor's map_to_output names it) and report the outputs: "
                                         + followRemedy)
            }
            let wanted = output.orientation
            guard wanted.rotation != screen.rotation || wanted.flipped != screen.flipped else { return nil }
            let seen = screen.flipped ? "\(screen.rotation.rawValue)° and mirrored" : "\(screen.rotation.rawValue)°"
            return DoctorFinding(code: .rotationMismatch, subject: subject,
                                 message: "touches of touchscreen \(index + 1) are turned \(seen), but the compositor turns \(output.name) "
                                     + "by transform \(wanted.name): a swipe from the edge the user sees on the left is read as from another edge",
                                 remedy: followRemedy + "; or set 'rotation: \(wanted.rotation.rawValue)'")
        }
    }
}

/// Ownership and the clone's mapping: a sway rule written for an owned panel (map_to_output, calibration) reaches the
/// compositor only if a device it reads has the panel's identifier; the owned panel is grabbed, so that device must
/// be its clone.
extension DoctorChecks {
    static func cloneMapping(_ facts: DoctorFacts) -> [DoctorFinding] {
        swayCloneMapping(facts) + hyprlandCloneMapping(facts)
    }

    static func swayCloneMapping(_ facts: DoctorFacts) -> [DoctorFinding] {
        let rules = facts.compositorConfigs.flatMap(SwayInputRule.rules(in:))
        return facts.touchDevices.filter { $0.used && $0.owned }.flatMap { panel -> [DoctorFinding] in
            guard let id = panel.swayIdentifier else { return [] }
            let readable = facts.touchDevices.contains { $0.node != panel.node && $0.swayIdentifier == id }
            guard !readable else { return [] }
            return rules.filter { $0.identifier == id }.map { rule in
                DoctorFinding(code: .cloneMissesInputRule, subject: "\(rule.path):\(rule.line)",
                              message: "sway's rule '\(rule.text)' names \(panel.node) (\(panel.name)), which EdgeSwipe owns: the compositor reads "
                                  + "its clone, and no device it reads has the identifier \(id), so the rule reaches nothing",
                              remedy: "write the rule for 'type:touch', or for the clone's identifier ('swaymsg -t get_inputs' lists it)")
            }
        }
    }
}

/// Hyprland names an owned panel and its clone alike, one of them with a `-1` suffix, in an order its device
/// enumeration decides: a `device` rule reaches both only when it is written for both names.
extension DoctorChecks {
    static func hyprlandCloneMapping(_ facts: DoctorFacts) -> [DoctorFinding] {
        let rules = facts.compositorConfigs.flatMap(HyprlandDeviceRule.rules(in:))
        guard !rules.isEmpty else { return [] }
        return facts.touchDevices.filter { $0.used && $0.owned }.flatMap { panel -> [DoctorFinding] in
            HyprlandDeviceRule.deviceNames(kernelName: panel.name).sorted().flatMap { base -> [DoctorFinding] in
                let naming = rules.filter { $0.name == base || HyprlandDeviceRule.isDuplicate($0.name, of: base) }
                let both = naming.contains { $0.name == base } && naming.contains { $0.name != base }
                guard !both else { return [] }
                return naming.map { rule in
                    DoctorFinding(code: .cloneMissesInputRule, subject: "\(rule.path):\(rule.line)",
                                  message: "Hyprland's rule '\(rule.text)' names \(panel.node) (\(panel.name)), which EdgeSwipe owns: Hyprland "
                                      + "calls the panel and its clone '\(base)' and '\(base)-1' in the order it finds them, so the rule "
                                      + "reaches one of the two, which may be the grabbed panel that sends nothing",
                                  remedy: "write the same device rule for both '\(base)' and '\(base)-1' ('hyprctl devices' lists them), "
                                      + "or map every touch device with 'input { touchdevice { output = NAME } }'")
                }
            }
        }
    }
}
