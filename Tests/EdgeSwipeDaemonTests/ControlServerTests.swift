import EdgeSwipeDaemon
import Foundation
import Synchronization
import Testing
import TouchModel
import EdgeSwipeControl

/// Over a real Unix socket in a temp directory, with the real event loop on its own thread.
@Suite(.serialized) struct ControlServerTests {
    @Test func helloCommandsAndReplies() throws {
        let dir = TempDirectory()
        let loop = startControlServer(dir)
        defer { #expect(loop.stop()) }
        let c = try TestClient(path: dir.file("control.sock"))
        let hello = try #require(c.readObject())
        #expect(hello["type"] as? String == "hello")
        #expect(hello["protocol"] as? Int == Int(ControlProtocol.version))

        try c.send(#"{"command":"push","name":"inbox","header":true,"id":1}"# + "\n")
        let reply = try #require(c.readObject())
        #expect(reply["type"] as? String == "reply")
        #expect(reply["id"] as? Int == 1)
        #expect((reply["result"] as? [String: Any])?["stack"] as? [String] == ["home", "inbox"])

        try c.send(#"{"command":"pop","id":2}"# + "\n" + #"{"command":"pop","id":3}"# + "\n")
        #expect(c.readObject()?["id"] as? Int == 2)
        let refused = try #require(c.readObject())
        #expect(refused["type"] as? String == "error")
        #expect(refused["code"] as? String == "refused")
        #expect(refused["message"] as? String == "transitionInProgress")
        #expect(refused["id"] as? Int == 3)
    }

    @Test func socketIsMode0660AndOnlyAllowedPeersGetIn() throws {
        let dir = TempDirectory()
        // Root (this test) is left out on purpose: the check must refuse it.
        let loop = startControlServer(dir, access: AccessPolicy(allowedUIDs: [4242], allowedGIDs: [4243]))
        defer { #expect(loop.stop()) }
        var st = stat()
        #expect(stat(dir.file("control.sock"), &st) == 0)
        #expect(st.st_mode & 0o777 == 0o660)
        #expect(st.st_mode & S_IFMT == S_IFSOCK)
        let c = try TestClient(path: dir.file("control.sock"))
        let refusal = try #require(c.readObject())
        #expect(refusal["type"] as? String == "error")
        #expect(refusal["code"] as? String == "permissionDenied")
        #expect(c.waitForEOF())
        #expect(loop.stats.refusedCredentials.load(ordering: .relaxed) == 1)
        #expect(loop.stats.accepted.load(ordering: .relaxed) == 0)
    }

    @Test func garbageGetsErrorsAndTheConnectionStaysUsable() throws {
        let dir = TempDirectory()
        let loop = startControlServer(dir)
        defer { #expect(loop.stop()) }
        let c = try TestClient(path: dir.file("control.sock"))
        _ = c.readObject()
        var junk: [UInt8] = Array("hello?\n".utf8) + [0xff, 0x00, 0xfe, 0x0a]
        junk += Array("{\"command\":\"teleport\"}\n[]\n{\"command\":\"push\"}\n".utf8)
        junk += Array(String(repeating: "[", count: 50_000).utf8) + [0x0a]
        var rng = SystemRandomNumberGenerator()
        junk += (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &rng) }.map { $0 == 0x0a ? 0x20 : $0 } + [0x0a]
        try c.sendBytes(junk)
        let codes = (0..<7).compactMap { _ in c.readObject()?["code"] as? String }
        #expect(codes == ["badJSON", "badJSON", "unknownCommand", "notAnObject", "badArguments", "badJSON", "badJSON"])
        try c.send(#"{"command":"state","id":"after"}"# + "\n")
        let reply = try #require(c.readObject())
        #expect(reply["id"] as? String == "after")
        #expect(reply["type"] as? String == "reply")
        #expect(loop.stats.errorReplies.load(ordering: .relaxed) == 7)
    }

    @Test func a100MegabyteLineIsRejectedWithoutBeingBuffered() throws {
        let dir = TempDirectory()
        let loop = startControlServer(dir)
        defer { #expect(loop.stop()) }
        let c = try TestClient(path: dir.file("control.sock"))
        _ = c.readObject()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        try c.sendBytes(Array("{\"command\":\"push\",\"name\":\"".utf8))
        for _ in 0..<100 { try c.sendBytes(chunk) }
        try c.sendBytes(Array("\"}\n{\"command\":\"state\",\"id\":5}\n".utf8))
        let error = try #require(c.readObject(timeout: 20))
        #expect(error["code"] as? String == "lineTooLong")
        let reply = try #require(c.readObject())
        #expect(reply["id"] as? Int == 5)
        #expect((reply["result"] as? [String: Any])?["stack"] as? [String] == ["home"])
        // Never more than the 64 KiB cap held for the line.
        #expect(loop.stats.inputHighWater.load(ordering: .relaxed) <= ControlProtocol.defaultMaxLineBytes)
        #expect(loop.stats.linesTooLong.load(ordering: .relaxed) == 1)
    }

    @Test func aClientThatNeverReadsIsDroppedAndOthersAreUnaffected() throws {
        let dir = TempDirectory()
        let loop = startControlServer(dir, queueLimit: 64 * 1024)
        defer { #expect(loop.stop()) }
        let stuck = try TestClient(path: dir.file("control.sock"))
        try stuck.send(#"{"command":"subscribe","events":["diagnostic"]}"# + "\n")
        let reader = try TestClient(path: dir.file("control.sock"))
        _ = reader.readObject()
        try reader.send(#"{"command":"subscribe","events":["diagnostic"]}"# + "\n")
        #expect(reader.readObject()?["type"] as? String == "reply")
        // 30 bursts of 50 events of ~1 KB (~1.5 MB), each burst published at once. The reader takes each
        // burst (50 KB: within its socket buffer) before asking for the next, so it never lags, however
        // slow the machine; the stuck client's socket buffer and 64 KiB queue fill within a few bursts.
        var seqs: [Int] = []
        for burst in 0..<30 {
            try reader.send("{\"command\":\"push\",\"name\":\"flood-50\",\"id\":\(burst)}\n")
            while let o = reader.readObject() {
                if let s = o["seq"] as? Int { seqs.append(s) }
                if o["type"] as? String == "reply" {
                    #expect(o["id"] as? Int == burst)
                    break
                }
            }
        }
        #expect(seqs == Array(1...1500))
        #expect(loop.stats.disconnectedSlow.load(ordering: .relaxed) == 1)
        #expect(loop.stats.outputHighWater.load(ordering: .relaxed) <= 64 * 1024)
        #expect(stuck.waitForEOF())
        // The survivor still gets answers, and the handler heard about the drop.
        try reader.send(#"{"command":"state","id":"s"}"# + "\n")
        let state = try #require(reader.readUntil { $0["id"] as? String == "s" })
        #expect((state["result"] as? [String: Any])?["disconnected"] as? [Int] == [1])
    }

    @Test func twoHundredClientsConnectingAtOnce() throws {
        let dir = TempDirectory()
        let loop = startControlServer(dir, maxClients: 256)
        defer { #expect(loop.stop()) }
        let clients = try (0..<200).map { _ in try TestClient(path: dir.file("control.sock")) }
        for (i, c) in clients.enumerated() { try c.send("{\"command\":\"state\",\"id\":\(i)}\n") }
        var answered = 0
        for (i, c) in clients.enumerated() {
            #expect(c.readObject()?["type"] as? String == "hello")
            let reply = c.readObject()
            if reply?["id"] as? Int == i, reply?["type"] as? String == "reply" { answered += 1 }
        }
        #expect(answered == 200)
        #expect(loop.stats.accepted.load(ordering: .relaxed) == 200)
        #expect(loop.stats.connected.load(ordering: .relaxed) == 200)
    }

    @Test func pastMaxClientsNewcomersAreToldWhy() throws {
        let dir = TempDirectory()
        let loop = startControlServer(dir, maxClients: 2)
        defer { #expect(loop.stop()) }
        let a = try TestClient(path: dir.file("control.sock")), b = try TestClient(path: dir.file("control.sock"))
        #expect(a.readObject()?["type"] as? String == "hello")
        #expect(b.readObject()?["type"] as? String == "hello")
        let c = try TestClient(path: dir.file("control.sock"))
        #expect(c.readObject()?["code"] as? String == "tooManyClients")
        #expect(c.waitForEOF())
    }

    @Test func disconnectInTheMiddleOfATransition() throws {
        let dir = TempDirectory()
        let loop = startControlServer(dir)
        defer { #expect(loop.stop()) }
        var leaver: TestClient? = try TestClient(path: dir.file("control.sock"))
        let watcher = try TestClient(path: dir.file("control.sock"))
        for c in [leaver!, watcher] {
            _ = c.readObject()
            try c.send(#"{"command":"subscribe","events":["transition","appearance"]}"# + "\n")
            #expect(c.readObject()?["type"] as? String == "reply")
        }
        try leaver!.send(#"{"command":"setStack","screens":[{"name":"home"},{"name":"inbox","header":true}]}"# + "\n")
        #expect(leaver!.readObject()?["type"] as? String == "reply")
        try leaver!.send(#"{"command":"pop"}"# + "\n")
        // The leaver follows the pop until it is under way, then vanishes without a word.
        #expect(leaver!.readUntil { ($0["progress"] as? Double ?? 0) >= 0.3 } != nil)
        leaver = nil

        var progress: [Double] = []
        var finished: [String: Any]?
        while finished == nil, let o = watcher.readObject() {
            switch o["event"] as? String {
            case "transitionProgress": progress.append(o["progress"] as? Double ?? -1)
            case "transitionFinished": finished = o
            default: break
            }
        }
        #expect(finished?["from"] as? String == "inbox")
        #expect(finished?["to"] as? String == "home")
        #expect(progress.count == 10)
        #expect(progress == progress.sorted())
        #expect(watcher.readObject()?["event"] as? String == "didAppear")
        try watcher.send(#"{"command":"state","id":"s"}"# + "\n")
        let state = try #require(watcher.readUntil { $0["id"] as? String == "s" })
        let result = try #require(state["result"] as? [String: Any])
        #expect(result["stack"] as? [String] == ["home"])
        #expect(result["transition"] as? Bool == false)
        #expect(result["disconnected"] as? [Int] == [1])
        #expect(loop.stats.connected.load(ordering: .relaxed) == 1)
    }

    @Test func halfClosedClientStillGetsItsReply() throws {
        let dir = TempDirectory()
        let loop = startControlServer(dir)
        defer { #expect(loop.stop()) }
        let c = try TestClient(path: dir.file("control.sock"))
        try c.send(#"{"command":"state","id":1}"# + "\n")
        shutdown(c.fd, Int32(SHUT_WR))
        #expect(c.readObject()?["type"] as? String == "hello")
        #expect(c.readObject()?["id"] as? Int == 1)
        #expect(c.waitForEOF())
    }

    @Test func staleSocketIsReplacedButALiveOneIsNotStolen() throws {
        let dir = TempDirectory()
        let path = dir.file("control.sock")
        // A socket file with nobody listening, as a crash leaves it.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        _ = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        close(stale)
        let loop = startControlServer(dir)
        defer { #expect(loop.stop()) }
        #expect(loop.failure.withLock { $0 } == nil)
        #expect(try TestClient(path: path).readObject()?["type"] as? String == "hello")

        let second = startControlServer(dir)
        let failure = try #require(second.failure.withLock { $0 })
        #expect(failure.contains("another instance is listening"))
    }

    @Test func noHandlerAttachedAnswersUnavailable() throws {
        let dir = TempDirectory()
        let path = dir.file("control.sock")
        let loop = LoopThread { loop in
            let server = try ControlServer(loop: loop, options: .init(path: path), handler: nil, log: .silent)
            return (server, server.statistics)
        }
        defer { #expect(loop.stop()) }
        let c = try TestClient(path: path)
        _ = c.readObject()
        try c.send(#"{"command":"pop","id":1}"# + "\n")
        #expect(c.readObject()?["code"] as? String == "unavailable")
    }
}

@Suite struct PeerCredentialTests {
    @Test func credentialsOfARealPeer() throws {
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        let peer = try PeerCredentials.of(socket: pair[0])
        #expect(peer.pid == getpid())
        #expect(peer.uid == geteuid())
        #expect(peer.gid == getegid())
        var groups = [gid_t](repeating: 0, count: 256)
        let n = getgroups(Int32(groups.count), &groups)
        #expect(Set(peer.groups) == Set(groups.prefix(Int(n))))
    }

    @Test func policyCountsSupplementaryGroups() {
        let policy = AccessPolicy(allowedUIDs: [0], allowedGIDs: [990])
        #expect(policy.allows(PeerCredentials(pid: 1, uid: 0, gid: 0)))
        #expect(policy.allows(PeerCredentials(pid: 1, uid: 1000, gid: 990)))
        #expect(policy.allows(PeerCredentials(pid: 1, uid: 1000, gid: 1000, groups: [24, 990])))
        #expect(!policy.allows(PeerCredentials(pid: 1, uid: 1000, gid: 1000, groups: [24, 27])))
        #expect(AccessPolicy.standard(socketGID: nil).allowedGIDs == [getegid()])
        #expect(AccessPolicy.standard(socketGID: 990, extraUIDs: [1000]).allowedUIDs == [0, geteuid(), 1000])
    }
}
