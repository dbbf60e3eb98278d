import EdgeSwipeBus
import EdgeSwipeSystem
import Glibc
import Testing
import TouchModel

/// EdgeSwipeBus's typed pieces without a bus daemon: a connection over one end of a socket pair (sd-bus builds
/// messages on any started connection; this one never gets past authentication, so nothing is sent), each call's
/// message sealed and read back as its receiver would read it.
@Suite struct BusMessageTests {
    /// A loop and a connection over a socket pair whose other end is kept open (and closed at the end).
    final class Rig {
        let loop: EventLoop
        let connection: BusConnection
        private(set) var peer: Int32

        init() throws {
            loop = try EventLoop()
            var ends: [Int32] = [-1, -1]
            // A test's own socket pair: EdgeSwipeSystem has no wrapper for it, and the product needs none.
            #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
            peer = ends[1]
            connection = try BusConnection(loop: loop, bus: .descriptor(ends[0]))
        }

        /// The peer first: with it gone sd-bus's flush on close fails at once instead of waiting out its timeout for
        /// an authentication nobody answers.
        func close() {
            if peer >= 0 { Glibc.close(peer) }
            peer = -1
            connection.close()
        }

        deinit { close() }
    }

    static let feedbackd = BusMethodCall(destination: "org.sigxcpu.Feedback", path: "/org/sigxcpu/Feedback",
                                         interface: "org.sigxcpu.Feedback", member: "TriggerFeedback",
                                         arguments: [.string("edgeswipe-feedback"), .string("button-pressed"),
                                                     .properties(["profile": .string("quiet")]), .int32(-1)])

    @Test func aCallsArgumentsReadBackInOrderAndTyped() throws {
        let rig = try Rig()
        #expect(Self.feedbackd.signature == "ssa{sv}i")
        let read = try rig.connection.withSealedMessage(for: Self.feedbackd) { m in
            (m.signature, m.readString(), m.readString(), m.readProperties(), m.readInt32(), m.readString())
        }
        #expect(read.0 == "ssa{sv}i")
        #expect(read.1 == "edgeswipe-feedback" && read.2 == "button-pressed")
        #expect(read.3 == ["profile": .string("quiet")])
        #expect(read.4 == -1)
        #expect(read.5 == nil)   // nothing after the last argument
    }

    /// Every kind of value, and a dictionary of them: strings and booleans are read, other types named by signature.
    @Test func everyKindOfValueReadsBack() throws {
        let rig = try Rig()
        let call = BusMethodCall(destination: "a.b", path: "/a", interface: "a.b", member: "M",
                                 arguments: [.objectPath("/net/hadess/SensorProxy"), .uint32(4_000_000_000), .bool(true),
                                             .properties(["on": .bool(false), "name": .string("left-up"), "level": .double(2.5)])])
        #expect(call.signature == "ouba{sv}")
        let read = try rig.connection.withSealedMessage(for: call) { m in
            (m.readObjectPath(), m.readUInt32(), m.readBool(), m.readProperties())
        }
        #expect(read.0 == "/net/hadess/SensorProxy" && read.1 == 4_000_000_000 && read.2 == true)
        #expect(read.3 == ["on": .bool(false), "name": .string("left-up"), "level": .other("d")])
    }

    @Test func aReadOfTheWrongTypeIsNil() throws {
        let rig = try Rig()
        let call = BusMethodCall(destination: "a.b", path: "/a", interface: "a.b", member: "M", arguments: [.string("x")])
        let read = try rig.connection.withSealedMessage(for: call) { m in (m.readUInt32(), m.readProperties(), m.readStrings()) }
        #expect(read.0 == nil && read.1 == nil && read.2 == nil)
    }

    @Test func propertyReadsGoThroughThePropertiesInterface() throws {
        let rig = try Rig()
        let getAll = BusMethodCall.getAllProperties(destination: "net.hadess.SensorProxy", path: "/net/hadess/SensorProxy",
                                                    interface: "net.hadess.SensorProxy")
        #expect(getAll.interface == "org.freedesktop.DBus.Properties" && getAll.member == "GetAll" && getAll.signature == "s")
        #expect(try rig.connection.withSealedMessage(for: getAll) { $0.readString() } == "net.hadess.SensorProxy")
        let get = BusMethodCall.getProperty(destination: "net.hadess.SensorProxy", path: "/net/hadess/SensorProxy",
                                            interface: "net.hadess.SensorProxy", name: "HasAccelerometer")
        #expect(get.member == "Get" && get.signature == "ss")
        #expect(try rig.connection.withSealedMessage(for: get) { [$0.readString(), $0.readString()] }
                == ["net.hadess.SensorProxy", "HasAccelerometer"])
    }

    /// The rules as the D-Bus specification writes them (the service's two watches had these as literals).
    @Test func signalMatchesAreTheRulesTheBusTakes() {
        #expect(BusSignalMatch.nameOwnerChanged("net.hadess.SensorProxy").rule
                == "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',interface='org.freedesktop.DBus',"
                + "member='NameOwnerChanged',arg0='net.hadess.SensorProxy'")
        #expect(BusSignalMatch.propertiesChanged(path: "/net/hadess/SensorProxy", interface: "net.hadess.SensorProxy").rule
                == "type='signal',path='/net/hadess/SensorProxy',interface='org.freedesktop.DBus.Properties',"
                + "member='PropertiesChanged',arg0='net.hadess.SensorProxy'")
        // A quote cannot be escaped inside quotes: the quoted part is closed, \' written, and opened again.
        #expect(BusSignalMatch(interface: "a.b", member: "S", arg0: "it's").rule
                == #"type='signal',interface='a.b',member='S',arg0='it'\''s'"#)
    }

    /// A handler lives as long as its call or watch: the connection's close frees it (nothing answered here).
    @Test func handlersAreFreedWhenTheConnectionCloses() throws {
        final class Token {}
        let rig = try Rig()
        weak var callToken: Token?
        weak var watchToken: Token?
        do {
            let a = Token(), b = Token()
            callToken = a
            watchToken = b
            try rig.connection.call(Self.feedbackd, timeout: Microseconds(1_000_000)) { _ in _ = a }
            try rig.connection.watch(.nameOwnerChanged("org.sigxcpu.Feedback")) { _ in _ = b }
        }
        #expect(callToken != nil && watchToken != nil)
        rig.close()
        #expect(callToken == nil && watchToken == nil)
        #expect(!rig.connection.isOpen)
    }

    @Test func aClosedConnectionRefusesCalls() throws {
        let rig = try Rig()
        rig.close()
        #expect(throws: Errno(rawValue: ENOTCONN)) { try rig.connection.send(Self.feedbackd) }
        #expect(throws: Errno(rawValue: ENOTCONN)) { try rig.connection.call(Self.feedbackd, timeout: 1000) { _ in } }
        #expect(throws: Errno(rawValue: ENOTCONN)) { try rig.connection.watch(.nameOwnerChanged("x")) { _ in } }
    }
}
