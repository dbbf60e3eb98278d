@testable import EdgeSwipeDaemon
import EdgeSwipeSystem
import Foundation
import Gestures
import Testing
import TouchInput
import TouchModel

final class RecordingKeyboard: KeyTapping {
    var keys: Set<UInt16>
    var taps: [UInt16] = []
    /// What `send` wrote, in order (a combination's presses and releases).
    var strokes: [KeyStroke] = []
    init(keys: Set<UInt16>) { self.keys = keys }
    func tap(_ code: UInt16) throws { taps.append(code) }
    func send(_ strokes: [KeyStroke]) throws { self.strokes += strokes }
}

private func gesture(_ phase: GesturePhase, _ edge: Edge = .left, fingers: Int = 1, outcome: SwipeOutcome? = nil) -> GestureEvent {
    GestureEvent(recognizer: "back", phase: phase, edge: edge, fingers: fingers, time: 1_000_000, outcome: outcome)
}

/// Waits for every child the runner started (these tests do not get SIGCHLD).
private func reapAll(_ runner: CommandRunner) -> [CommandRunner.Termination] {
    var out: [CommandRunner.Termination] = []
    let deadline = Date().addingTimeInterval(5)
    while !runner.running.isEmpty, Date() < deadline {
        out += runner.reap().map(\.termination)
        if !runner.running.isEmpty { usleep(2000) }
    }
    return out
}

@Suite struct ActionTests {
    @Test func placeholdersReplaceWholeElementsOnly() throws {
        let template = try ["/bin/x", "{edge}", "--edge={edge}", "{fingers}", "{gesture}", "{trigger}", "{}", "{not a name}"]
            .map { try ArgumentTemplate.parse($0) }
        let ctx = GestureContext(gesture: "back", edge: .right, fingers: 2, trigger: .complete)
        #expect(ctx.argv(template) == ["/bin/x", "right", "--edge={edge}", "2", "back", "complete", "{}", "{not a name}"])
        #expect(throws: PlaceholderError.self) { try ArgumentTemplate.parse("{device}") }
    }

    @Test func spawnedCommandGetsExactArgvAndNoShell() throws {
        let dir = TempDirectory()
        let out = dir.file("argv.txt")
        let pwned = dir.file("pwned")
        let runner = CommandRunner(log: .silent)
        // sh is only the test's way to write its argv down; the runner itself never involves a shell.
        let argv = ["/bin/sh", "-c", "printf '%s\\n' \"$@\" > \"$0\"", out, "left", "$(touch \(pwned))", "a b;c", "*"]
        let pid = try runner.spawn(argv)
        #expect(pid > 0)
        #expect(reapAll(runner) == [.exited(0)])
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written == "left\n$(touch \(pwned))\na b;c\n*\n")
        #expect(!FileManager.default.fileExists(atPath: pwned))
    }

    @Test func childStartsWithCleanSignalsAndFixedEnvironment() throws {
        let dir = TempDirectory()
        let out = dir.file("status.txt")
        let runner = CommandRunner(log: .silent)
        try runner.spawn(["/bin/sh", "-c", "grep -E '^(SigBlk|SigIgn)' /proc/self/status > \"$0\"; env >> \"$0\"", out])
        #expect(reapAll(runner) == [.exited(0)])
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("SigBlk:\t0000000000000000"))
        #expect(text.contains("PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"))
        #expect(!text.contains("NOTIFY_SOCKET"))
        #expect(!text.contains("HOME="))
    }

    @Test func exitStatusAndRelativeProgram() throws {
        let runner = CommandRunner(log: .silent)
        try runner.spawn(["/bin/sh", "-c", "exit 3"])
        #expect(reapAll(runner) == [.exited(3)])
        #expect(throws: SystemError.self) { try runner.spawn(["sh", "-c", "true"]) }
        #expect(throws: SystemError.self) { try runner.spawn(["/nonexistent/program"]) }
    }

    @Test func runnerLimitsConcurrentCommands() throws {
        let runner = CommandRunner(maxRunning: 2, log: .silent)
        try runner.spawn(["/bin/sleep", "0.2"])
        try runner.spawn(["/bin/sleep", "0.2"])
        #expect(throws: SystemError.self) { try runner.spawn(["/bin/sleep", "0.2"]) }
        #expect(reapAll(runner) == [.exited(0), .exited(0)])
    }

    @Test func rulesPickKeyAndCommandByTriggerEdgeAndFingers() throws {
        let dir = TempDirectory()
        let out = dir.file("ran.txt")
        var keyboards: [RecordingKeyboard] = []
        let runner = CommandRunner(log: .silent)
        let actions = ActionRunner(log: .silent, commands: runner) { keys in
            let k = RecordingKeyboard(keys: keys)
            keyboards.append(k)
            return k
        }
        let rules = [
            ActionRule(trigger: .complete, edge: .left, fingers: 1, action: .key(code: KeyCode.keyBack, name: "KEY_BACK")),
            ActionRule(trigger: .cancel, action: .run([.literal("/bin/sh"), .literal("-c"),
                                                      .literal("printf '%s %s\\n' \"$1\" \"$2\" >> \"$0\""),
                                                      .literal(out), .placeholder(.edge), .placeholder(.trigger)])),
        ]
        actions.perform(gesture(.began), rules: rules)
        actions.perform(gesture(.changed), rules: rules)
        actions.perform(gesture(.ended, outcome: .complete), rules: rules)
        actions.perform(gesture(.ended, fingers: 2, outcome: .complete), rules: rules)   // wrong finger count
        actions.perform(gesture(.ended, .right, outcome: .complete), rules: rules)       // wrong edge
        actions.perform(gesture(.ended, .top, outcome: .cancel), rules: rules)
        actions.perform(gesture(.failed), rules: rules)
        #expect(keyboards.count == 1)
        #expect(keyboards.first?.keys == [KeyCode.keyBack])
        #expect(keyboards.first?.taps == [KeyCode.keyBack])
        #expect(reapAll(runner) == [.exited(0)])
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "top cancel\n")
    }

    /// Hosts without /dev/uinput (like the development machines); with it, DaemonLiveTests covers creation.
    @Test(.enabled(if: access("/dev/uinput", F_OK) != 0)) func missingUinputIsAClearError() throws {
        do {
            _ = try KeyInjector(keys: [KeyCode.keyBack])
            Issue.record("created a uinput device without /dev/uinput")
        } catch let error as SystemError {
            #expect(error.operation.contains("/dev/uinput"))
            #expect(error.errno == .noEntry)
        }
    }
}
