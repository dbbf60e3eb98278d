#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeCorpus
import EdgeSwipeDaemon
import EdgeSwipeSystem
import Gestures
import TouchInput
import TouchModel

/// `edgeswipe record --guided`: the live side of `GuidedSession`, kept thin (it cannot run without a device).
/// It reads the device, feeds the session the frames on the recording's clock, prints what it says on stderr
/// and, at the end or on Ctrl-C, writes the recording and FILE.labels of the strokes finished.
/// Prompts go to the terminal only, not to `edgeswipe feedback`'s overlay.
enum GuidedRecording {
    static func run(_ o: RecordCommand.Options) throws -> ExitStatus {
        let loop = try EventLoop()
        let signals = try LiveDevices.stopOnSignals(loop)
        let device = try RecordCommand.openDevice(o)
        let options = try pipelineOptions(o, device: device)
        let geometry = try CommandError.naming(device.path) {
            try SurfaceGeometry(device: device.description, configuredSize: options.configuredSize, outputSize: options.outputSize)
        }
        var decoder = MultitouchDecoder(device: device.description, geometry: geometry)
        let session = try CommandError.naming(device.path) {
            try GuidedSession(prompts: GuidedPrompt.plan(recognizers: options.recognizers, count: o.count),
                              recognizers: options.recognizers,
                              transform: options.screenTransform(deviceSize: geometry.size, calibrates: true))
        }
        // Both files can be written before anything is asked.
        let recordingFile = try Output.create(path: o.outputPath)
        let labelsFile = try Output.create(path: o.outputPath + ".labels")
        Output.stderr("edgeswipe record --guided: \(device.path) \"\(TerminalText.escaped(device.description.name))\", "
                      + "\(NearMiss.trimmed(geometry.size.widthMM)) x \(NearMiss.trimmed(geometry.size.heightMM)) mm, "
                      + "\(session.prompts.count) strokes one at a time; Ctrl-C stops and keeps the strokes finished")
        say(session.start())

        var events: [InputEvent] = []
        // The first event's time: the recording's and the labels' zero.
        var origin: Microseconds?
        let timer = try DeadlineTimer(loop: loop)
        func rearm() throws {
            try timer.arm(at: origin.flatMap { o in session.nextDeadline.map { o + $0 } })
        }
        timer.onExpiry = { now in
            guard let origin else { return }
            while let d = session.nextDeadline, origin + d <= now { say(session.deadlineReached(now: d)) }
            do { try rearm() } catch { Output.stderr("edgeswipe record: \(error)"); loop.stop() }
        }
        let registration = LoopRegistration(loop: loop, descriptor: device.fileDescriptor, name: device.path, ownership: .borrowed)
        try registration.register(events: .readable) { _ in
            do {
                var outcome: ReadOutcome
                repeat {
                    outcome = try device.read(limit: 4096) { event in
                        events.append(event)
                        let zero = origin ?? event.time
                        origin = zero
                        var rebased = event
                        rebased.time = event.time - zero
                        while let d = session.nextDeadline, d <= rebased.time { say(session.deadlineReached(now: d)) }
                        if let frame = decoder.feed(rebased) { say(session.process(frame)) }
                    }
                } while outcome == .limitReached && !session.isDone
                if outcome == .unplugged {
                    Output.stderr("edgeswipe record: \(device.path) went away; writing what was recorded")
                    loop.stop()
                }
                if session.isDone { loop.stop() }
                try rearm()
            } catch {
                Output.stderr("edgeswipe record: \(error)")
                loop.stop()
            }
        }
        var stopTimer: DeadlineTimer?
        if let duration = o.durationSeconds {
            stopTimer = try DeadlineTimer(loop: loop) { _ in loop.stop() }
            try stopTimer?.arm(at: Monotonic.now() + Microseconds(seconds: duration))
        }
        try loop.run()
        registration.close()
        device.close()
        say(session.abort())
        recordingFile.write(RecordCommand.recordingText(device, events: events))
        try Output.close(recordingFile)
        labelsFile.write(session.labelsText(deviceName: device.description.name, panel: geometry.size))
        try Output.close(labelsFile)
        Output.stderr("edgeswipe record: \(events.count) events written to \(o.outputPath), \(session.verdicts.count) labels to \(o.outputPath).labels; "
                      + "`edgeswipe accuracy \(o.outputPath)` scores them, `edgeswipe tune \(o.outputPath)` proposes thresholds")
        withExtendedLifetime((signals, timer, stopTimer)) {}
        return .success
    }

    /// The defaults, or the configuration's entry for the device as the service would pick it, then the command
    /// line's own values (as `replay --config`).
    static func pipelineOptions(_ o: RecordCommand.Options, device: LiveDevice) throws -> PipelineOptions {
        var options = o.pipeline.pipelineOptions
        if let path = o.configPath {
            let config = try DaemonConfig.load(path: path)
            options = try CommandError.naming(path) {
                try DeviceSetup(device: device.description, node: device.path, kind: classify(device.description).kind,
                                reader: .evdev, config: config, base: options).options
            }
            o.pipeline.applyExplicit(to: &options)
        }
        return options
    }

    static func say(_ outputs: [GuidedOutput]) {
        for output in outputs {
            switch output {
            case .prompt(let p, let number, let total):
                Output.stderr("[\(number)/\(total)] " + p.instruction)
            case .verdict(let v):
                Output.stderr("  " + v.sentence)
            case .finished(let right, let total):
                Output.stderr("done: \(right) of \(total) strokes did what was asked")
            case .aborted(let kept, let dropped):
                Output.stderr("stopped: \(kept) strokes kept" + (dropped ? "; the stroke on the screen has no label" : ""))
            }
        }
    }
}
