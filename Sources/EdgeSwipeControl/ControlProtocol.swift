import Gestures
import Navigation
import TouchModel

/// The control protocol, version 8 (7 plus issue 37's content regions: declareContentRegion, withdrawContentRegion,
/// contentAnswer and the `contentQuery` line; 7 was 6 plus reportFocus's `gnome-shell` and `kwin` sources; 6 was 5 plus the `nearMiss` class; 5 was 4 plus reportFocus; 4 was 3 plus the outputs' ownership and the `screens` class;
/// 3 was 2 plus reportOutput; 2 was 1 plus back handlers; requests naming an older version are served alike;
/// docs/protocol.md lists the versions), as pure functions: one line of bytes in -> a request or an error;
/// replies, errors and events -> one line of bytes out (newline included). No I/O here; the transport is
/// `ControlServer`, and docs/protocol.md is the reference for clients.
public enum ControlProtocol {
    /// web/edgeswipe.js's `PROTOCOL` equals it (WebRootKitTests); an addition bumps it (docs/protocol.md).
    public static let version: Int64 = 8
    /// The version back handlers (`registerBackHandler`, the `back` class) came with.
    public static let backHandlersVersion: Int64 = 2
    /// The version `reportOutput` came with (an older service answers unsupportedProtocol).
    public static let outputReportsVersion: Int64 = 3
    /// The version a report began to belong to its connection (`persistent`, `withdrawOutput`): requests naming an
    /// older one keep their reports until withdrawn, as those services did; the session side's requests name it.
    public static let outputOwnershipVersion: Int64 = 4
    /// The version the `screens` event class came with.
    public static let screensEventVersion: Int64 = 4
    /// The version `reportFocus` came with.
    public static let focusReportsVersion: Int64 = 5
    /// The version the `nearMiss` event class came with.
    public static let nearMissEventVersion: Int64 = 6
    /// The version reportFocus's `gnome-shell` and `kwin` sources came with (an older service refuses them as unknown).
    public static let shellFocusSourceVersion: Int64 = 7
    /// The version content regions came with (declareContentRegion, withdrawContentRegion, contentAnswer, and the
    /// service's `contentQuery`).
    public static let contentRegionsVersion: Int64 = 8
    /// Versions a request may name: this service serves every request of the older versions unchanged.
    public static let supportedVersions: ClosedRange<Int64> = 1...version
    /// The control socket's path when none is configured or given (`socket.path`, `--socket`; systemd's
    /// edgeswipe.socket listens there): the one spelling of it in the program.
    public static let defaultSocketPath = "/run/edgeswipe/control.sock"
    /// Longest request line accepted, newline excluded. Longer lines are discarded unread and answered with
    /// `lineTooLong`.
    public static let defaultMaxLineBytes = 64 * 1024

    // MARK: Decoding requests

    /// Decodes one request line (without its newline). The error carries the request's id when one could be read.
    public static func decodeRequest(_ line: some Collection<UInt8>) -> Result<ControlRequest, RequestError> {
        let value: JSONValue
        do {
            value = try JSONValue.decode(line)
        } catch {
            return .failure(RequestError(id: nil, error: ControlError(.badJSON, "the line is not valid JSON")))
        }
        guard case .object(var fields) = value else {
            return .failure(RequestError(id: nil, error: ControlError(.notAnObject,
                "a request is a JSON object, got \(value.typeName)")))
        }
        let id = fields.removeValue(forKey: "id")
        func fail(_ code: ControlErrorCode, _ message: String) -> Result<ControlRequest, RequestError> {
            .failure(RequestError(id: id, error: ControlError(code, message)))
        }
        var named: Int64?
        if let v = fields.removeValue(forKey: "protocol") {
            guard case .integer(let n) = v else {
                // 3.0 is a JSON real, not an integer: named as such, or "asked for 3" reads as if 3 were not spoken.
                return fail(.unsupportedProtocol, "\"protocol\" must be an integer from 1 to \(version) (written without a decimal "
                            + "point or exponent), got \(describeWithType(v))")
            }
            guard supportedVersions.contains(n) else {
                return fail(.unsupportedProtocol, "this service speaks protocols 1 to \(version), the request asked for \(n)")
            }
            named = n
        }
        guard let commandField = fields.removeValue(forKey: "command") else {
            return fail(.badArguments, "missing field \"command\"")
        }
        guard case .string(let name) = commandField else {
            return fail(.badArguments, "\"command\" must be a string, got \(commandField.typeName)")
        }
        do {
            var args = Arguments(command: name, fields: fields, version: named)
            let command = try decodeCommand(name, &args)
            try args.rejectUnused()
            return .success(ControlRequest(id: id, command: command))
        } catch let error as ControlError {
            return .failure(RequestError(id: id, error: error))
        } catch {
            return fail(.badArguments, "\(error)")
        }
    }

    /// A request that could not be honoured, with the id to echo.
    public struct RequestError: Error, Hashable, Sendable {
        public var id: JSONValue?
        public var error: ControlError
    }

    public static let commandNames = ["push", "pop", "setStack", "popToRoot", "state", "subscribe", "unsubscribe",
                                      "setExclusions", "setInteractivePopEnabled", "registerBackHandler", "unregisterBackHandler",
                                      "reportOutput", "withdrawOutput", "reportFocus",
                                      "declareContentRegion", "withdrawContentRegion", "contentAnswer"]

    private static func decodeCommand(_ name: String, _ args: inout Arguments) throws -> ControlCommand {
        switch name {
        case "push": return .push(try args.screen(path: ""))
        case "pop": return .pop
        case "popToRoot": return .popToRoot
        case "state": return .state
        case "setStack":
            let list = try args.required("screens")
            guard case .array(let items) = list, !items.isEmpty else {
                throw ControlError(.badArguments, "setStack: \"screens\" must be a non-empty array of screens")
            }
            var screens: [ScreenSpec] = []
            for (i, item) in items.enumerated() {
                guard case .object(let o) = item else {
                    throw ControlError(.badArguments, "setStack: screens[\(i)] must be an object, got \(item.typeName)")
                }
                var inner = Arguments(command: "setStack", fields: o)
                screens.append(try inner.screen(path: "screens[\(i)]."))
                try inner.rejectUnused(path: "screens[\(i)].")
            }
            return .setStack(screens)
        case "setExclusions": return .setExclusions(try args.exclusionRects())
        case "setInteractivePopEnabled":
            let screen = try args.screenName("screen")
            guard case .bool(let enabled) = try args.required("enabled") else {
                throw ControlError(.badArguments, "setInteractivePopEnabled: \"enabled\" must be true or false")
            }
            return .setInteractivePopEnabled(screen: screen, enabled: enabled)
        case "registerBackHandler":
            let priority = try args.required("priority")
            guard case .string(let p) = priority, let value = BackPriority(rawValue: p) else {
                throw ControlError(.badArguments, "registerBackHandler: \"priority\" must be one of "
                                   + BackPriority.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                                   + ", got \(describe(priority))")
            }
            return .registerBackHandler(value, edges: try args.edges())
        case "unregisterBackHandler":
            let handler = try args.required("handler")
            guard case .integer(let n) = handler, n > 0 else {
                throw ControlError(.badArguments, "unregisterBackHandler: \"handler\" must be a handler id (an integer above 0), "
                                   + "got \(describe(handler))")
            }
            return .unregisterBackHandler(BackHandlerID(UInt64(n)))
        case "reportOutput": return .reportOutput(try args.outputReport())
        case "withdrawOutput": return .withdrawOutput(try args.outputName())
        case "reportFocus": return .reportFocus(try args.focusReport())
        case "declareContentRegion": return .declareContentRegion(try args.contentRegion())
        case "withdrawContentRegion": return .withdrawContentRegion(try args.contentRegionID())
        case "contentAnswer":
            let (seq, answer) = try args.contentAnswer()
            return .contentAnswer(seq: seq, answer)
        case "subscribe": return .subscribe(try args.eventClasses())
        case "unsubscribe": return .unsubscribe(try args.eventClasses())
        default:
            throw ControlError(.unknownCommand, "unknown command \"\(name)\"; known: \(commandNames.joined(separator: ", "))")
        }
    }

    /// Fields of one command, consumed as they are read so leftovers (typos) can be reported.
    private struct Arguments {
        var command: String
        var fields: [String: JSONValue]
        /// The protocol the request named; nil: none.
        var version: Int64? = nil

        mutating func required(_ key: String) throws -> JSONValue {
            guard let v = fields.removeValue(forKey: key) else {
                throw ControlError(.badArguments, "\(command): missing field \"\(key)\"")
            }
            return v
        }

        mutating func bool(_ key: String, path: String) throws -> Bool {
            guard let v = fields.removeValue(forKey: key) else { return false }
            guard case .bool(let b) = v else {
                throw ControlError(.badArguments, "\(command): \"\(path)\(key)\" must be true or false, got \(v.typeName)")
            }
            return b
        }

        mutating func bool(_ key: String, path: String, default value: Bool) throws -> Bool {
            fields[key] == nil ? value : try bool(key, path: path)
        }

        mutating func screenName(_ key: String, path: String = "") throws -> String {
            let nameValue = try required(key)
            guard case .string(let name) = nameValue, ScreenSpec.isAcceptedName(name) else {
                throw ControlError(.badArguments,
                    "\(command): \"\(path)\(key)\" must be a non-empty string of at most \(ScreenSpec.maxNameBytes) bytes")
            }
            return name
        }

        mutating func screen(path: String) throws -> ScreenSpec {
            let name = try screenName("name", path: path)
            let header = try bool("header", path: path)
            let hidden = try bool("hidden", path: path)
            if header && hidden {
                throw ControlError(.badArguments,
                    "\(command): \"\(path)header\" and \"\(path)hidden\" exclude each other (a header host already hides the bar)")
            }
            let popEnabled = try bool("interactivePopEnabled", path: path, default: true)
            return ScreenSpec(name: name, kind: header ? .header : hidden ? .hidden : .plain,
                              interactivePopEnabled: popEnabled)
        }

        /// `rects`: an array (at most the per-client limit) of `{x, y, width, height, screen?}`, numbers in mm.
        /// Types and counts here; values (finite, sizes above 0, known screens) in ExclusionStore.
        mutating func exclusionRects() throws -> [ExclusionRect] {
            let limit = ExclusionLimits().perOwner
            guard case .array(let items) = try required("rects") else {
                throw ControlError(.badArguments, "\(command): \"rects\" must be an array of {x, y, width, height, screen?}")
            }
            guard items.count <= limit else {
                throw ControlError(.badArguments, "\(command): \(items.count) rectangles given; at most \(limit) per client")
            }
            return try items.enumerated().map { i, item in
                let path = "rects[\(i)]."
                guard case .object(let o) = item else {
                    throw ControlError(.badArguments, "\(command): rects[\(i)] must be an object, got \(item.typeName)")
                }
                var inner = Arguments(command: command, fields: o)
                let x = try inner.millimetres("x", path: path), y = try inner.millimetres("y", path: path)
                let w = try inner.millimetres("width", path: path), h = try inner.millimetres("height", path: path)
                let screen = inner.fields["screen"] == nil ? nil : try inner.screenName("screen", path: path)
                try inner.rejectUnused(path: path)
                return ExclusionRect(x: x, y: y, width: w, height: h, screen: screen)
            }
        }

        mutating func millimetres(_ key: String, path: String) throws -> Double {
            guard let value = fields.removeValue(forKey: key) else {
                throw ControlError(.badArguments, "\(command): missing field \"\(path)\(key)\"")
            }
            switch value {
            case .integer(let i): return Double(i)
            case .number(let d): return d
            case let v:
                throw ControlError(.badArguments, "\(command): \"\(path)\(key)\" must be a number (mm), got \(v.typeName)")
            }
        }

        mutating func eventClasses() throws -> Set<EventClass> {
            let known = EventClass.allCases.map(\.rawValue).joined(separator: ", ")
            let v = try required("events")
            guard case .array(let items) = v, !items.isEmpty else {
                throw ControlError(.badArguments, "\(command): \"events\" must be a non-empty array of: \(known)")
            }
            var classes = Set<EventClass>()
            for item in items {
                guard case .string(let s) = item, let c = EventClass(rawValue: s) else {
                    throw ControlError(.badArguments, "\(command): unknown event class \(describe(item)); known: \(known)")
                }
                classes.insert(c)
            }
            return classes
        }

        /// `edges` (optional): a non-empty array of distinct edge names.
        mutating func edges() throws -> Set<Edge>? {
            guard let v = fields.removeValue(forKey: "edges") else { return nil }
            let known = Edge.allCases.map(\.rawValue).joined(separator: ", ")
            guard case .array(let items) = v, !items.isEmpty else {
                throw ControlError(.badArguments, "\(command): \"edges\" must be a non-empty array of: \(known)")
            }
            var edges = Set<Edge>()
            for item in items {
                guard case .string(let s) = item, let e = Edge(rawValue: s) else {
                    throw ControlError(.badArguments, "\(command): unknown edge \(describe(item)); known: \(known)")
                }
                guard edges.insert(e).inserted else {
                    throw ControlError(.badArguments, "\(command): edge \"\(s)\" is named twice")
                }
            }
            return edges
        }

        /// reportOutput's fields: `output` and `transform` required; `flipped` false, the sizes and scale unknown
        /// when not given. Each bad value named with its rule.
        mutating func outputReport() throws -> OutputReport {
            let name = try outputName()
            let transform = try required("transform")
            guard case .integer(let degrees) = transform, let rotation = ScreenRotation(degrees: Int(clamping: degrees)) else {
                throw ControlError(.badArguments, "\(command): \"transform\" must be 0, 90, 180 or 270 (sway's naming: "
                                   + "output NAME transform 90 is 90; a wl_output.transform value is its inverse), got \(describe(transform))")
            }
            let flipped = try bool("flipped", path: "")
            let widthMM = try outputMillimetres("widthMM")
            let heightMM = try outputMillimetres("heightMM")
            let widthPixels = try optionalNumber("widthPixels", in: 1...Double(OutputReport.maxPixels), unit: "pixels", whole: true)
            let heightPixels = try optionalNumber("heightPixels", in: 1...Double(OutputReport.maxPixels), unit: "pixels", whole: true)
            let scale = try optionalNumber("scale", in: 0.1...OutputReport.maxScale, unit: "")
            // wl_output says 0 mm for outputs of unknown size (projectors, headless).
            return OutputReport(output: name, orientation: OutputOrientation(transform: rotation, flipped: flipped),
                                widthMM: widthMM == 0 ? nil : widthMM, heightMM: heightMM == 0 ? nil : heightMM,
                                widthPixels: widthPixels.map { Int($0) }, heightPixels: heightPixels.map { Int($0) },
                                scale: scale, persistent: try persistent())
        }

        /// `output`: an output's name, checked (OutputName).
        mutating func outputName() throws -> String {
            let nameValue = try required("output")
            guard case .string(let name) = nameValue else {
                throw ControlError(.badArguments, "\(command): \"output\" must be the output's name (a string), got \(describe(nameValue))")
            }
            if let problem = OutputName.problem(name) { throw ControlError(.badArguments, "\(command): \"output\": \(problem)") }
            return name
        }

        /// reportFocus's fields: `source` and `focused` always; with `"focused":true` the app's `appId` and `title`
        /// (pid and toolkit optional); with false, none of them.
        mutating func focusReport() throws -> FocusReport {
            let sourceValue = try required("source")
            guard case .string(let s) = sourceValue, let source = FocusSource(rawValue: s) else {
                throw ControlError(.badArguments, "\(command): \"source\" must be one of "
                                   + FocusSource.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                                   + ", got \(describe(sourceValue))")
            }
            let focusedValue = try required("focused")
            guard case .bool(let focused) = focusedValue else {
                throw ControlError(.badArguments, "\(command): \"focused\" must be true or false, got \(describe(focusedValue))")
            }
            guard focused else {
                if let extra = ["appId", "title", "pid", "toolkit"].first(where: { fields[$0] != nil }) {
                    throw ControlError(.badArguments, "\(command): \"\(extra)\" is given only with \"focused\":true")
                }
                return FocusReport(source: source, app: nil)
            }
            let appID = try focusString("appId", problem: FocusedApp.appIDProblem)
            let title = try focusString("title", problem: FocusedApp.titleProblem)
            var pid: Int32?
            if let pidValue = fields.removeValue(forKey: "pid") {
                guard case .integer(let n) = pidValue, n >= 1, n <= Int64(FocusedApp.maxPID) else {
                    throw ControlError(.badArguments, "\(command): \"pid\" must be a process id, a whole number from 1 to "
                                       + "\(FocusedApp.maxPID), got \(describeWithType(pidValue))")
                }
                pid = Int32(n)
            }
            var toolkit: AppToolkit?
            if let toolkitValue = fields.removeValue(forKey: "toolkit") {
                guard case .string(let t) = toolkitValue, let value = AppToolkit(rawValue: t) else {
                    throw ControlError(.badArguments, "\(command): \"toolkit\" must be one of "
                                       + AppToolkit.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                                       + ", got \(describe(toolkitValue))")
                }
                toolkit = value
            }
            return FocusReport(source: source, app: FocusedApp(appID: appID, title: title, pid: pid, toolkit: toolkit))
        }

        /// `region`: a content region's id (ContentRegionLimits.idProblem). Not `id`, which every request may carry
        /// as its correlation id.
        mutating func contentRegionID() throws -> ContentRegionID {
            let value = try required("region")
            guard case .string(let id) = value else {
                throw ControlError(.badArguments, "\(command): \"region\" must be the region's id (a string), got \(describeWithType(value))")
            }
            if let problem = ContentRegionLimits.idProblem(id) { throw ControlError(.badArguments, "\(command): \"region\": \(problem)") }
            return ContentRegionID(id)
        }

        /// declareContentRegion's fields: `region` (its id), `rect` {x, y, width, height} in screen mm (finite, within
        /// ±ContentRegionLimits.maxMM, sizes above 0), `direction` ltr or rtl. Clipping to the screen is the service's.
        mutating func contentRegion() throws -> ContentRegionDeclaration {
            let id = try contentRegionID()
            let rectValue = try required("rect")
            guard case .object(let o) = rectValue else {
                throw ControlError(.badArguments, "\(command): \"rect\" must be an object {x, y, width, height} (mm), got \(describeWithType(rectValue))")
            }
            var inner = Arguments(command: command, fields: o)
            let limit = ContentRegionLimits.maxMM
            let x = try inner.regionMillimetres("x", in: -limit...limit)
            let y = try inner.regionMillimetres("y", in: -limit...limit)
            let width = try inner.regionMillimetres("width", in: 0...limit, positive: true)
            let height = try inner.regionMillimetres("height", in: 0...limit, positive: true)
            try inner.rejectUnused(path: "rect.")
            let directionValue = try required("direction")
            guard case .string(let d) = directionValue, let direction = ContentDirection(rawValue: d) else {
                throw ControlError(.badArguments, "\(command): \"direction\" must be one of "
                                   + ContentDirection.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                                   + ", got \(describeWithType(directionValue))")
            }
            return ContentRegionDeclaration(id: id, rectMM: ContentRect(x: x, y: y, widthMM: width, heightMM: height),
                                            direction: direction)
        }

        /// A field of a region's `rect`: a finite number of mm in `range` (above 0 with `positive`).
        mutating func regionMillimetres(_ key: String, in range: ClosedRange<Double>, positive: Bool = false) throws -> Double {
            guard let value = fields.removeValue(forKey: key) else {
                throw ControlError(.badArguments, "\(command): missing field \"rect.\(key)\"")
            }
            let number: Double?
            switch value {
            case .integer(let i): number = Double(i)
            case .number(let d): number = d
            default: number = nil
            }
            guard let number, number.isFinite, range.contains(number), !positive || number > 0 else {
                let bounds = positive ? "above 0, at most \(Self.format(range.upperBound))"
                    : "from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
                throw ControlError(.badArguments, "\(command): \"rect.\(key)\" must be a number of mm \(bounds), got \(describeWithType(value))")
            }
            return number
        }

        /// contentAnswer's fields: `seq` (the query's, 1 or more), `answer` claim or yield; `reason` with yield only,
        /// one of the reasons a client gives (ContentYieldReason.answerable).
        mutating func contentAnswer() throws -> (UInt64, ContentAnswer) {
            let seqValue = try required("seq")
            guard case .integer(let seq) = seqValue, seq >= 1 else {
                throw ControlError(.badArguments, "\(command): \"seq\" must be the query's seq (a whole number from 1), got \(describeWithType(seqValue))")
            }
            let answerValue = try required("answer")
            let reasons = ContentYieldReason.answerable.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            switch answerValue {
            case .string("claim"):
                if fields["reason"] != nil {
                    throw ControlError(.badArguments, "\(command): \"reason\" is given only with \"answer\":\"yield\"")
                }
                return (UInt64(seq), .claim)
            case .string("yield"):
                let reasonValue = try required("reason")
                guard case .string(let r) = reasonValue, let reason = ContentYieldReason(rawValue: r),
                      ContentYieldReason.answerable.contains(reason) else {
                    throw ControlError(.badArguments, "\(command): \"reason\" must be one of \(reasons), got \(describeWithType(reasonValue))")
                }
                return (UInt64(seq), .yield(reason))
            default:
                throw ControlError(.badArguments, "\(command): \"answer\" must be \"claim\" or \"yield\", got \(describeWithType(answerValue))")
            }
        }

        /// A required string field of reportFocus, checked by `problem`.
        mutating func focusString(_ key: String, problem: (String) -> String?) throws -> String {
            let value = try required(key)
            guard case .string(let text) = value else {
                throw ControlError(.badArguments, "\(command): \"\(key)\" must be a string, got \(describeWithType(value))")
            }
            if let problem = problem(text) { throw ControlError(.badArguments, "\(command): \"\(key)\": \(problem)") }
            return text
        }

        /// `persistent`: given, or true for requests naming a protocol before 4 (their reports were kept for good).
        mutating func persistent() throws -> Bool {
            if fields["persistent"] != nil { return try bool("persistent", path: "") }
            if let version, version < ControlProtocol.outputOwnershipVersion { return true }
            return false
        }

        /// A size in mm: 0 (unknown, wl_output's) or a physical one, `OutputReport.minMM` to `maxMM`.
        mutating func outputMillimetres(_ key: String) throws -> Double? {
            guard let value = fields[key] else { return nil }
            if let number = try? optionalNumber(key, in: 0...OutputReport.maxMM, unit: "mm"),
               number == 0 || number >= OutputReport.minMM { return number }
            throw ControlError(.badArguments, "\(command): \"\(key)\" must be 0 (unknown) or from "
                               + "\(Self.format(OutputReport.minMM)) to \(Self.format(OutputReport.maxMM)) mm, got \(describe(value))")
        }

        /// A finite number in `range` (a whole one with `whole`), or nil when the field is absent.
        mutating func optionalNumber(_ key: String, in range: ClosedRange<Double>, unit: String, whole: Bool = false) throws -> Double? {
            guard let value = fields.removeValue(forKey: key) else { return nil }
            let number: Double?
            switch value {
            case .integer(let i): number = Double(i)
            case .number(let d) where !whole: number = d
            default: number = nil
            }
            guard let number, number.isFinite, range.contains(number) else {
                let kind = whole ? "a whole number" : "a number"
                let units = unit.isEmpty ? "" : " \(unit)"
                throw ControlError(.badArguments, "\(command): \"\(key)\" must be \(kind) from \(Self.format(range.lowerBound)) "
                                   + "to \(Self.format(range.upperBound))\(units), got \(describe(value))")
            }
            return number
        }

        private static func format(_ d: Double) -> String {
            d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        }

        func rejectUnused(path: String = "") throws {
            guard let extra = fields.keys.sorted().first else { return }
            throw ControlError(.badArguments, "\(command): unknown field \"\(path)\(extra)\"")
        }
    }

    private static func describe(_ v: JSONValue) -> String {
        String(decoding: v.encodedLine().prefix(80), as: UTF8.self)
    }

    /// A value as a message names a wrong one: a real as written (3.0, where the encoder writes 3), others with
    /// their type unless null or a number.
    package static func describeWithType(_ v: JSONValue) -> String {
        switch v {
        case .number(let d): return d.description
        case .null, .integer: return describe(v)
        default: return "\(v.typeName), \(describe(v))"
        }
    }

    // MARK: Encoding

    /// The first line the service sends on every accepted connection. `stream`: an HTTP event stream's id,
    /// which the page names in `POST /commands?stream=ID` so that what it sets lives as long as its stream.
    /// `fields`: what the service adds (ControlCommandHandler.helloFields: `screens`); the protocol's own win.
    public static func hello(stream: String? = nil, fields: [String: JSONValue] = [:]) -> [UInt8] {
        var o: [String: JSONValue] = fields
        o.merge([
            "type": .string("hello"),
            "protocol": .integer(version),
            "server": .string("edgeswipe"),
            "events": .array(EventClass.allCases.map { .string($0.rawValue) }),
            "commands": .array(commandNames.map { .string($0) }),
        ]) { _, own in own }
        if let stream { o["stream"] = .string(stream) }
        return line(.object(o))
    }

    /// `{"type":"reply","command":...,"id":...,"result":...}`.
    public static func reply(to request: ControlRequest, result: JSONValue) -> [UInt8] {
        var o: [String: JSONValue] = ["type": .string("reply"), "command": .string(request.command.name), "result": result]
        if let id = request.id { o["id"] = id }
        return line(.object(o))
    }

    /// `{"type":"error","code":...,"message":...,"id":...}`.
    public static func error(_ error: ControlError, id: JSONValue? = nil) -> [UInt8] {
        var o: [String: JSONValue] = ["type": .string("error"), "code": .string(error.code.rawValue),
                                      "message": .string(error.message)]
        if let id { o["id"] = id }
        return line(.object(o))
    }

    public static func line(_ value: JSONValue) -> [UInt8] {
        var bytes = value.encodedLine()
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
