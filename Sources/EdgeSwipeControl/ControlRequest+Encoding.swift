import Gestures
import Navigation
import TouchModel

/// The request side's encoder: a `ControlRequest` as the line a client sends, the inverse of
/// `ControlProtocol.decodeRequest` (decoding what this encodes gives the request back; EdgeSwipeControlTests
/// round-trips every case). Every client builds its requests here, so a field is spelled in one place for both ends.
extension ControlRequest {
    /// The request as a JSON object: the command's fields, `id` when given, and `protocol` when the command needs
    /// more than protocol 1 (`ControlCommand.versionNamed`).
    public var encoded: JSONValue {
        var o = command.fields
        o["command"] = .string(command.name)
        if let id { o["id"] = id }
        if let version = command.versionNamed { o["protocol"] = .integer(version) }
        return .object(o)
    }

    /// The request's line, newline included.
    public var line: [UInt8] { ControlProtocol.line(encoded) }
}

extension ControlCommand {
    /// The protocol a request of this command names: the version that brought the command (or, for `subscribe`,
    /// its newest event class), so an older service answers `unsupportedProtocol` instead of `unknownCommand` or a
    /// misreading. Nil for protocol 1's, which name none. `reportOutput` names 4, whose reports go with their
    /// connection unless `persistent` (named 3, a report would be kept for good).
    public var versionNamed: Int64? {
        switch self {
        case .push, .pop, .setStack, .popToRoot, .state, .setExclusions, .setInteractivePopEnabled: return nil
        case .registerBackHandler, .unregisterBackHandler: return ControlProtocol.backHandlersVersion
        case .reportOutput, .withdrawOutput: return ControlProtocol.outputOwnershipVersion
        case .reportFocus(let report):
            // The gnome-shell and kwin sources came with 7: an older service answers unsupportedProtocol, not a bad source.
            return [.gnomeShell, .kwin].contains(report.source) ? ControlProtocol.shellFocusSourceVersion : ControlProtocol.focusReportsVersion
        case .declareContentRegion, .withdrawContentRegion, .contentAnswer: return ControlProtocol.contentRegionsVersion
        case .subscribe(let classes), .unsubscribe(let classes): return classes.compactMap(\.versionNamed).max()
        }
    }

    /// The command's own fields, as `ControlProtocol.decodeRequest` reads them; defaults are left out.
    var fields: [String: JSONValue] {
        switch self {
        case .push(let screen): return Self.fields(screen)
        case .pop, .popToRoot, .state: return [:]
        case .setStack(let screens): return ["screens": .array(screens.map { .object(Self.fields($0)) })]
        case .setExclusions(let rects): return ["rects": .array(rects.map(Self.rect))]
        case .setInteractivePopEnabled(let screen, let enabled): return ["screen": .string(screen), "enabled": .bool(enabled)]
        case .registerBackHandler(let priority, let edges):
            var o: [String: JSONValue] = ["priority": .string(priority.rawValue)]
            // In Edge.allCases' order: the same set is the same line.
            if let edges { o["edges"] = .array(Edge.allCases.filter(edges.contains).map { .string($0.rawValue) }) }
            return o
        case .unregisterBackHandler(let handler): return ["handler": .integer(Int64(handler.rawValue))]
        case .reportOutput(let report): return Self.fields(report)
        case .withdrawOutput(let output): return ["output": .string(output)]
        case .reportFocus(let report): return Self.fields(report)
        case .declareContentRegion(let d):
            let r = d.rectMM
            return ["region": .string(d.id.name), "direction": .string(d.direction.rawValue),
                    "rect": .object(["x": .number(r.x), "y": .number(r.y), "width": .number(r.widthMM), "height": .number(r.heightMM)])]
        case .withdrawContentRegion(let id): return ["region": .string(id.name)]
        case .contentAnswer(let seq, let answer):
            var o: [String: JSONValue] = ["seq": .integer(Int64(clamping: seq))]
            switch answer {
            case .claim: o["answer"] = .string("claim")
            case .yield(let reason):
                o["answer"] = .string("yield")
                o["reason"] = .string(reason.rawValue)
            }
            return o
        case .subscribe(let classes), .unsubscribe(let classes):
            return ["events": .array(classes.sorted().map { .string($0.rawValue) })]
        }
    }

    private static func fields(_ screen: ScreenSpec) -> [String: JSONValue] {
        var o: [String: JSONValue] = ["name": .string(screen.name)]
        switch screen.kind {
        case .plain: break
        case .header: o["header"] = .bool(true)
        case .hidden: o["hidden"] = .bool(true)
        }
        if !screen.interactivePopEnabled { o["interactivePopEnabled"] = .bool(false) }
        return o
    }

    private static func rect(_ r: ExclusionRect) -> JSONValue {
        var o: [String: JSONValue] = ["x": .number(r.x), "y": .number(r.y), "width": .number(r.width), "height": .number(r.height)]
        if let screen = r.screen { o["screen"] = .string(screen) }
        return .object(o)
    }

    /// `reportOutput`'s fields: unknown sizes left out, `persistent` only when true.
    private static func fields(_ r: OutputReport) -> [String: JSONValue] {
        var o: [String: JSONValue] = ["output": .string(r.output), "transform": .integer(Int64(r.orientation.transform.rawValue)),
                                      "flipped": .bool(r.orientation.flipped)]
        if let w = r.widthMM { o["widthMM"] = .number(w) }
        if let h = r.heightMM { o["heightMM"] = .number(h) }
        if let w = r.widthPixels { o["widthPixels"] = .integer(Int64(w)) }
        if let h = r.heightPixels { o["heightPixels"] = .integer(Int64(h)) }
        if let s = r.scale { o["scale"] = .number(s) }
        if r.persistent { o["persistent"] = .bool(true) }
        return o
    }

    /// `reportFocus`'s fields: `focused`, and the app's only when focused; pid and toolkit only when known.
    private static func fields(_ r: FocusReport) -> [String: JSONValue] {
        var o: [String: JSONValue] = ["source": .string(r.source.rawValue), "focused": .bool(r.app != nil)]
        if let app = r.app {
            o["appId"] = .string(app.appID)
            o["title"] = .string(app.title)
            if let pid = app.pid { o["pid"] = .integer(Int64(pid)) }
            if let toolkit = app.toolkit { o["toolkit"] = .string(toolkit.rawValue) }
        }
        return o
    }
}

extension EventClass {
    /// The protocol that brought the class; nil: protocol 1's.
    var versionNamed: Int64? {
        switch self {
        case .appearance, .transition, .gesture, .diagnostic: return nil
        case .back: return ControlProtocol.backHandlersVersion
        case .screens: return ControlProtocol.screensEventVersion
        case .nearMiss: return ControlProtocol.nearMissEventVersion
        }
    }
}
