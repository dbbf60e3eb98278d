#if canImport(Glibc)
import Glibc
#endif
import TouchInput

/// Picks a device by name, node, udev properties and/or classification. Every field given must match.
package struct DeviceSelector: Hashable, Sendable {
    /// Exact device name, or a glob with `*` and `?` (fnmatch rules).
    package var name: String?
    /// Device node, e.g. `/dev/input/event3` or `/dev/input/by-path/...` as udev names it.
    package var node: String?
    /// udev properties that must all be present with these values.
    package var udevProperties: [String: String]
    package var kind: DeviceKind?
    /// A matching device is left alone (an entry that excludes).
    package var ignore: Bool

    package init(name: String? = nil, node: String? = nil, udevProperties: [String: String] = [:], kind: DeviceKind? = nil,
                ignore: Bool = false) {
        self.name = name
        self.node = node
        self.udevProperties = udevProperties
        self.kind = kind
        self.ignore = ignore
    }

    package func matches(_ device: DeviceDescription, node deviceNode: String?, kind deviceKind: DeviceKind) -> Bool {
        if let name, !globMatch(pattern: name, name: device.name) { return false }
        if let node {
            let nodes = [deviceNode, device.origin, device.udevProperties["DEVNAME"]].compactMap { $0 }
            let links = (device.udevProperties["DEVLINKS"] ?? "").split(separator: " ").map(String.init)
            if !(nodes + links).contains(node) { return false }
        }
        for (key, value) in udevProperties where device.udevProperties[key] != value { return false }
        if let kind, kind != deviceKind { return false }
        return true
    }
}

/// Whether the service opens a device, and why: shown by `list-devices` and logged at hotplug.
package struct DeviceDecision: Hashable, Sendable {
    package var use: Bool
    package var reason: String
    /// Index of the configuration entry that selected the device, when one did.
    package var selectorIndex: Int?
}

package enum SelectionMode: String, Hashable, Sendable, CaseIterable {
    /// Every touchscreen and touchpad, with per-device settings from the first matching entry.
    case all
    /// Only devices that match an entry.
    case listed
}

/// The rule that decides which input devices the service may open. Pure: the same facts give the same answer.
///
/// Only touchscreens and touchpads are ever opened. Anything that can type or point is refused before any
/// selector is looked at, whatever the configuration says, so that the service can never log keystrokes.
package enum DeviceSelection {
    /// Letter, digit and editing keys: a device reporting any of them can type.
    static let typingKeys: [UInt16] = {
        let names = ["KEY_A", "KEY_Q", "KEY_Z", "KEY_1", "KEY_0", "KEY_SPACE", "KEY_ENTER", "KEY_BACKSPACE"]
        return names.compactMap { EventCodeNames.code(type: EventType.key, named: $0) }
    }()

    /// Why a device is refused whatever the configuration says, or nil when it is a touch device.
    package static func refusal(_ device: DeviceDescription, classification: Classification) -> String? {
        let udev = device.udevProperties
        if CloneIdentity.isClone(device) || udev["EDGESWIPE_CLONE"] == "1" {
            return "it is an EdgeSwipe clone (input property 0x\(String(CloneIdentity.markerProperty, radix: 16)), EDGESWIPE_CLONE=1 in udev):"
                + " no EdgeSwipe reads forwarded touches"
        }
        if udev["ID_INPUT_KEYBOARD"] == "1" { return "udev marks it a keyboard (ID_INPUT_KEYBOARD=1)" }
        if udev["ID_INPUT_MOUSE"] == "1" { return "udev marks it a mouse (ID_INPUT_MOUSE=1)" }
        if let key = typingKeys.first(where: { device.has(type: EventType.key, code: $0) }) {
            let name = EventCodeNames.codeName(type: EventType.key, code: key) ?? String(key)
            return "it reports \(name): it can type, so it is never opened"
        }
        if device.has(type: EventType.rel) { return "it reports relative motion (EV_REL): a mouse or similar" }
        switch classification.kind {
        case .touchscreen, .touchpad:
            break
        case .tablet, .other:
            return "not a touchscreen or touchpad: \(classification.kind.rawValue) (\(classification.reason))"
        }
        let hasPosition = device.absInfo[AbsCode.mtPositionX] != nil || device.absInfo[AbsCode.x] != nil
        if !hasPosition { return "no absolute position axes" }
        return nil
    }

    /// Decides for one device. `node` is the device node when known (live devices).
    package static func decide(_ device: DeviceDescription, node: String?, classification: Classification,
                              selectors: [DeviceSelector], mode: SelectionMode) -> DeviceDecision {
        if let why = refusal(device, classification: classification) {
            return DeviceDecision(use: false, reason: why, selectorIndex: nil)
        }
        return select(device, node: node, classification: classification, selectors: selectors, mode: mode)
    }

    /// The index of the first entry that matches the device: the entry whose settings it gets. The one place
    /// that matches devices to entries (opening, reloading, replaying with a configuration).
    static func entry(for device: DeviceDescription, node: String?, kind: DeviceKind,
                             selectors: [DeviceSelector]) -> Int? {
        selectors.firstIndex { $0.matches(device, node: node, kind: kind) }
    }

    /// Decides by the configuration alone, for a device already known to be a touch device (e.g. one libinput
    /// reports as a touchscreen).
    static func select(_ device: DeviceDescription, node: String?, classification: Classification,
                              selectors: [DeviceSelector], mode: SelectionMode) -> DeviceDecision {
        let kind = classification.kind.rawValue
        if let i = entry(for: device, node: node, kind: classification.kind, selectors: selectors) {
            if selectors[i].ignore {
                return DeviceDecision(use: false, reason: "\(kind), ignored by device entry \(i + 1)", selectorIndex: i)
            }
            return DeviceDecision(use: true, reason: "\(kind), selected by device entry \(i + 1)", selectorIndex: i)
        }
        switch mode {
        case .all:
            return DeviceDecision(use: true, reason: "\(kind) (\(classification.reason))", selectorIndex: nil)
        case .listed:
            return DeviceDecision(use: false, reason: "\(kind), but no device entry matches and select is 'listed'",
                                  selectorIndex: nil)
        }
    }
}

/// fnmatch(3) without flags: `*`, `?` and bracket expressions, as shells match names.
func globMatch(pattern: String, name: String) -> Bool {
    fnmatch(pattern, name, 0) == 0
}
