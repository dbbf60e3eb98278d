import EdgeSwipeControl
import FixtureSupport
import Foundation
import Testing
@testable import EdgeSwipeDaemon

/// Issue 26: the browser kit is served from the web root the bridge loads (web/ in a clone, the package's
/// /usr/share/edgeswipe/web), at a stable path with a JavaScript type (a browser refuses a module script of any
/// other type), and speaks the protocol version of the service built beside it.
@Suite struct WebRootKitTests {
    static let web = Fixtures.packageRoot.appendingPathComponent("web").path

    @Test func theModuleAndTheExampleAreServedWithTheirTypes() throws {
        let site = try StaticSite.load(directory: Self.web)
        let module = try #require(site.file(forPath: "/edgeswipe.js"))
        #expect(module.contentType == "text/javascript; charset=utf-8")
        #expect(module.bytes == Array(try Data(contentsOf: URL(fileURLWithPath: Self.web + "/edgeswipe.js"))))
        #expect(site.file(forPath: "/history-example.html")?.contentType == "text/html; charset=utf-8")
        #expect(site.file(forPath: "/history-example.js")?.contentType == "text/javascript; charset=utf-8")
    }

    /// `export const PROTOCOL = N;` in the module is the version the service's hello names.
    @Test func theModuleSpeaksTheServicesProtocolVersion() throws {
        let text = try String(contentsOfFile: Self.web + "/edgeswipe.js", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("export const PROTOCOL = ") })
        let number = line.dropFirst("export const PROTOCOL = ".count).prefix { $0.isNumber }
        #expect(Int64(number) == ControlProtocol.version)
    }

    /// The module's type declarations name the same version, in the declaration and in the header comment (CI's
    /// kit check found the kit's own tests still on 5 after protocol 6; every place that names it is checked here).
    @Test func theTypeDeclarationsNameTheServicesProtocolVersion() throws {
        let text = try String(contentsOfFile: Self.web + "/edgeswipe.d.ts", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("export const PROTOCOL: ") })
        let number = line.dropFirst("export const PROTOCOL: ".count).prefix { $0.isNumber }
        #expect(Int64(number) == ControlProtocol.version)
        let header = text.split(separator: "\n").prefix(2).joined(separator: " ")
        #expect(header.contains("Protocol \(ControlProtocol.version) "), "\(header)")
    }

    /// A front end served from its own origin (`--http-origin http://localhost:3000`) imports the module from the
    /// bridge: a module script across origins needs a CORS grant, which an allowed origin gets on the pages as on
    /// the commands, and another origin does not.
    @Test func anAllowedOriginMayImportTheModuleAnotherMayNot() throws {
        let module = Array("export const PROTOCOL = 2;\n".utf8)
        let h = try HTTPHarness(origins: ["http://localhost:3000"]) { options in
            options.site = StaticSite(files: ["index.html": .init(contentType: "text/html", bytes: []),
                                              "edgeswipe.js": .init(contentType: "text/javascript; charset=utf-8", bytes: module)])
        }
        defer { h.stop() }
        func get(origin: String?) throws -> HTTPTestResponse {
            let c = try HTTPTestClient(port: h.port)
            try c.send(HTTPTestClient.request("GET", "/edgeswipe.js", headers: origin.map { ["Origin": $0] } ?? [:]))
            return try c.response()
        }
        let allowed = try get(origin: "http://localhost:3000")
        #expect(allowed.status == 200 && allowed.bodyText == "export const PROTOCOL = 2;\n")
        #expect(allowed.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(allowed.headers["access-control-allow-origin"] == "http://localhost:3000" && allowed.headers["vary"] == "Origin")
        let other = try get(origin: "http://evil.example")
        #expect(other.headers["access-control-allow-origin"] == nil)
        let sameOrigin = try get(origin: nil)
        #expect(sameOrigin.status == 200 && sameOrigin.headers["access-control-allow-origin"] == nil)
    }
}
