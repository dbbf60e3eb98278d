import Foundation
import Testing
@testable import EdgeSwipeDaemon
import TouchModel
import EdgeSwipeControl

/// The bridge's pure parts: SSE framing, the request decision (token, Origin, Host, sizes), the token file.
@Suite struct HTTPRoutingTests {
    let token = "0123456789abcdef-token"

    func options(origins: [String] = ["http://localhost:3000"]) throws -> HTTPOptions {
        var o = HTTPOptions(port: 8710, token: try BearerToken(token), origins: try OriginPolicy(origins),
                            site: StaticSite(files: ["index.html": .init(contentType: "text/html", bytes: [1])]))
        o.origins.allowSelf(port: 8710)
        return o
    }

    func head(_ method: String, _ path: String, host: String? = "127.0.0.1:8710", origin: String? = nil,
              auth: String? = nil, query: String? = nil, length: String? = nil) -> HTTPRouting.Head {
        HTTPRouting.Head(method: method, path: path, host: host, origin: origin, authorization: auth,
                         tokenParameter: query, contentLength: length)
    }

    func status(_ d: HTTPRouting.Decision) -> UInt32? {
        if case .reply(let r) = d { return r.status }
        return nil
    }

    @Test func sseFramingIsOneDataFieldPerEvent() {
        #expect(SSEFraming.frame(line: Array("{\"a\":1}\n".utf8)) == Array("data: {\"a\":1}\n\n".utf8))
        #expect(SSEFraming.frame(line: Array("{\"a\":1}".utf8)) == Array("data: {\"a\":1}\n\n".utf8))
        // A raw line break would end the field early; it becomes a space.
        #expect(SSEFraming.frame(line: Array("{\"a\":\r1}\n".utf8)) == Array("data: {\"a\": 1}\n\n".utf8))
        let preamble = String(decoding: SSEFraming.preamble(), as: UTF8.self)
        #expect(preamble.hasPrefix("retry: 2000\ndata: {"))
        #expect(preamble.hasSuffix("}\n\n"))
        #expect(preamble.contains("\"type\":\"hello\"") && preamble.contains("\"protocol\":\(ControlProtocol.version)"))
        #expect(preamble.components(separatedBy: "\n\n").count == 2)   // one event, then the empty tail
    }

    @Test func commandsNeedTheBearerToken() throws {
        let o = try options()
        #expect(status(HTTPRouting.decide(head("POST", "/commands"), options: o, port: 8710)) == 401)
        #expect(status(HTTPRouting.decide(head("POST", "/commands", auth: "Bearer wrong-token-xxxxxxx"), options: o, port: 8710)) == 401)
        #expect(status(HTTPRouting.decide(head("POST", "/commands", auth: "Basic \(token)"), options: o, port: 8710)) == 401)
        // The query form is for EventSource only: commands must use the header.
        #expect(status(HTTPRouting.decide(head("POST", "/commands", query: token), options: o, port: 8710)) == 401)
        guard case .command = HTTPRouting.decide(head("POST", "/commands", auth: "bearer \(token)"), options: o, port: 8710) else {
            Issue.record("a good token must be accepted (scheme case-insensitive)")
            return
        }
    }

    @Test func eventsTakeTheTokenFromTheQuery() throws {
        let o = try options()
        #expect(status(HTTPRouting.decide(head("GET", "/events"), options: o, port: 8710)) == 401)
        #expect(status(HTTPRouting.decide(head("GET", "/events", query: "nope-nope-nope-nope"), options: o, port: 8710)) == 401)
        guard case .events(let all) = HTTPRouting.decide(head("GET", "/events", query: token), options: o, port: 8710) else {
            Issue.record("token in the query opens the stream")
            return
        }
        #expect(all == Set(EventClass.allCases))
        var h = head("GET", "/events", query: token)
        h.eventsParameter = "transition,appearance"
        guard case .events(let some) = HTTPRouting.decide(h, options: o, port: 8710) else {
            Issue.record("events= selects classes")
            return
        }
        #expect(some == [.transition, .appearance])
        h.eventsParameter = "transition,keys"
        #expect(status(HTTPRouting.decide(h, options: o, port: 8710)) == 400)
    }

    @Test func originsOutsideTheListAreRefused() throws {
        let o = try options()
        #expect(status(HTTPRouting.decide(head("POST", "/commands", origin: "http://evil.example", auth: "Bearer \(token)"),
                                          options: o, port: 8710)) == 403)
        #expect(status(HTTPRouting.decide(head("GET", "/events", origin: "http://localhost:3001", query: token),
                                          options: o, port: 8710)) == 403)
        guard case .command = HTTPRouting.decide(head("POST", "/commands", origin: "HTTP://LOCALHOST:3000", auth: "Bearer \(token)"),
                                                 options: o, port: 8710) else {
            Issue.record("a listed origin passes (case-insensitive)")
            return
        }
        guard case .command = HTTPRouting.decide(head("POST", "/commands", origin: "http://127.0.0.1:8710", auth: "Bearer \(token)"),
                                                 options: o, port: 8710) else {
            Issue.record("the endpoint's own origin passes")
            return
        }
        #expect(HTTPRouting.corsHeaders(origin: "http://evil.example", options: o).isEmpty)
        #expect(HTTPRouting.corsHeaders(origin: "http://localhost:3000", options: o).first?.1 == "http://localhost:3000")
        // Preflight: granted to listed origins only.
        guard case .reply(let ok) = HTTPRouting.decide(head("OPTIONS", "/commands", origin: "http://localhost:3000"), options: o, port: 8710) else { return }
        #expect(ok.status == 204 && ok.headers.contains { $0.0 == "Access-Control-Allow-Headers" && $0.1.contains("Authorization") })
        #expect(status(HTTPRouting.decide(head("OPTIONS", "/commands", origin: "http://evil.example"), options: o, port: 8710)) == 403)
    }

    @Test func aForeignHostIsRefusedEvenWithTheToken() throws {
        // DNS rebinding: a page at evil.example:8710 resolving to 127.0.0.1 sends its own Host.
        let o = try options()
        #expect(status(HTTPRouting.decide(head("POST", "/commands", host: "evil.example:8710", auth: "Bearer \(token)"),
                                          options: o, port: 8710)) == 403)
        #expect(status(HTTPRouting.decide(head("POST", "/commands", host: nil, auth: "Bearer \(token)"), options: o, port: 8710)) == 403)
        guard case .command = HTTPRouting.decide(head("POST", "/commands", host: "[::1]:8710", auth: "Bearer \(token)"),
                                                 options: o, port: 8710) else {
            Issue.record("[::1] is loopback")
            return
        }
    }

    @Test func declaredBodiesOverTheLimitAre413() throws {
        let o = try options()
        let auth = "Bearer \(token)"
        #expect(status(HTTPRouting.decide(head("POST", "/commands", auth: auth, length: "65537"), options: o, port: 8710)) == 413)
        #expect(status(HTTPRouting.decide(head("POST", "/commands", auth: auth, length: "-3"), options: o, port: 8710)) == 400)
        guard case .command = HTTPRouting.decide(head("POST", "/commands", auth: auth, length: "65536"), options: o, port: 8710) else {
            Issue.record("exactly the limit is accepted")
            return
        }
    }

    @Test func pagesAndMethods() throws {
        let o = try options()
        guard case .page(let f) = HTTPRouting.decide(head("GET", "/", host: nil), options: o, port: 8710) else {
            Issue.record("/ serves index.html")
            return
        }
        #expect(f.bytes == [1])
        #expect(status(HTTPRouting.decide(head("GET", "/../etc/passwd"), options: o, port: 8710)) == 404)
        #expect(status(HTTPRouting.decide(head("GET", "/.token"), options: o, port: 8710)) == 404)
        #expect(status(HTTPRouting.decide(head("DELETE", "/"), options: o, port: 8710)) == 405)
        #expect(status(HTTPRouting.decide(head("GET", "/commands"), options: o, port: 8710)) == 405)
        #expect(!StaticSite.isServableName("a/b") && !StaticSite.isServableName("") && StaticSite.isServableName("app.js"))
    }

    @Test func tokenFileMustBePrivate() throws {
        let dir = TempDirectory()
        let path = dir.write("token", "  \(token)\n")
        chmod(path, 0o644)
        do {
            _ = try BearerToken.load(path: path)
            Issue.record("a world-readable token file must be refused")
        } catch {
            let text = "\(error)"
            #expect(text.contains(path) && text.contains("644") && text.contains("chmod 600"))
        }
        chmod(path, 0o640)
        #expect(throws: HTTPSetupError.self) { try BearerToken.load(path: path) }
        chmod(path, 0o600)
        let loaded = try BearerToken.load(path: path)
        #expect(loaded.matches(token.utf8) && !loaded.matches((token + "x").utf8) && !loaded.matches("".utf8))
        let short = dir.write("short", "abc\n")
        chmod(short, 0o600)
        #expect(throws: HTTPSetupError.self) { try BearerToken.load(path: short) }
        #expect(throws: HTTPSetupError.self) { try BearerToken.load(path: dir.file("missing")) }
    }

    @Test func originListRejectsPathsAndOtherSchemes() {
        #expect(throws: HTTPSetupError.self) { try OriginPolicy(["http://a.example/path"]) }
        #expect(throws: HTTPSetupError.self) { try OriginPolicy(["file://x"]) }
        #expect(throws: HTTPSetupError.self) { try OriginPolicy(["localhost:3000"]) }
        #expect(HTTPRouting.status(ofErrorCode: "refused") == 409 && HTTPRouting.status(ofErrorCode: "badJSON") == 400)
    }
}
