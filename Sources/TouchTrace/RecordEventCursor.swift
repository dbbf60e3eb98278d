import TouchInput
import TouchModel
import YAMLDocument

/// Plays one device of a checked `libinput record` file from the file: its own libyaml parser skips to the
/// device's `events:` list and reads one event at a time. Only the events the check counted are read (the
/// complete frames of a cut file), so nothing past them is parsed again.
final class RecordEventCursor {
    /// Where the parser is in the events list: between entries, among an entry's keys, or in its evdev list.
    private enum Place {
        case entries, entryKeys, evdevList, ended
    }

    private let file: String
    private let input: SequentialRead
    private var r: YAMLEventReader
    private var place = Place.ended
    private var remaining: Int
    private let clockShift: UInt64
    private var times: EventTimeCheck

    init(file: String, source: ByteSource, device: Int, count: Int, clockShift: UInt64,
         times: EventTimeCheck) throws(TraceError) {
        self.file = file
        input = SequentialRead(source)
        r = YAMLEventReader(input: input, count: source.count, end: nil, source: file)
        remaining = count
        self.clockShift = clockShift
        self.times = times
        // A device with nothing to play may be one whose list the file never reaches (a cut): not looked for.
        guard count > 0 else { return }
        do {
            try seek(device: device)
        } catch {
            throw changed(error)
        }
    }

    /// The next event (on the trace clock); nil after the last one counted.
    func next() throws(TraceError) -> InputEvent? {
        guard remaining > 0 else { return nil }
        do {
            while true {
                switch place {
                case .entries: try betweenEntries()
                case .entryKeys: try amongEntryKeys()
                case .evdevList:
                    if var event = try inEvdevList() {
                        // Checked before the shift: a time rewritten below the first would wrap the clock.
                        if let change = times.admit(event.time.rawValue) { throw TimeChanged(what: change) }
                        remaining -= 1
                        event.time.rawValue -= clockShift
                        return event
                    }
                case .ended: throw ChangedFile()
                }
            }
        } catch {
            throw changed(error)
        }
    }

    var heldBytes: Int { r.heldBytes }

    private struct ChangedFile: Error {}
    private struct TimeChanged: Error { var what: String }

    /// Top-level mapping -> `devices` -> the device's mapping -> its `events` list.
    private func seek(device: Int) throws {
        guard try r.next() == .streamStart, try r.next() == .documentStart, try r.next() == .mappingStart else { throw ChangedFile() }
        while try r.next() == .scalar {
            let isDevices = r.withScalarBytes { $0.elementsEqual("devices".utf8) }
            try r.next()
            guard isDevices else { try r.skipNode(); continue }
            guard r.kind == .sequenceStart else { throw ChangedFile() }
            for _ in 0..<device {
                guard try r.next() == .mappingStart else { throw ChangedFile() }
                try r.skipNode()
            }
            guard try r.next() == .mappingStart else { throw ChangedFile() }
            while try r.next() == .scalar {
                let isEvents = r.withScalarBytes { $0.elementsEqual("events".utf8) }
                try r.next()
                if isEvents, r.kind == .sequenceStart {
                    place = .entries
                    return
                }
                try r.skipNode()
            }
            throw ChangedFile()
        }
        throw ChangedFile()
    }

    private func betweenEntries() throws {
        guard try r.next() == .mappingStart else { throw ChangedFile() }
        place = .entryKeys
    }

    private func amongEntryKeys() throws {
        switch try r.next() {
        case .mappingEnd:
            place = .entries
        case .scalar:
            let isEvdev = r.withScalarBytes { $0.elementsEqual("evdev".utf8) }
            try r.next()
            if isEvdev, r.kind == .sequenceStart {
                place = .evdevList
            } else {
                try r.skipNode()
            }
        default:
            throw ChangedFile()
        }
    }

    private func inEvdevList() throws -> InputEvent? {
        switch try r.next() {
        case .sequenceEnd:
            place = .entryKeys
            return nil
        case .sequenceStart:
            guard case .success(let event) = try r.recordEvent() else { throw ChangedFile() }
            return event
        default:
            throw ChangedFile()
        }
    }

    private func changed(_ error: any Error) -> TraceError {
        if let failure = input.failure { return failure }
        return TraceError(file: file, line: 0, problem: .cannotRead("the file changed after it was checked: "
                                                                     + (error is ChangedFile ? "its events are not where they were"
                                                                        : (error as? TimeChanged)?.what ?? "\(error)")))
    }
}
