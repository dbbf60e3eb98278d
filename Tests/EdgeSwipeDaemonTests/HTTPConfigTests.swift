import Foundation
import Testing
@testable import EdgeSwipeDaemon
import TouchModel

/// The configuration file's `http` section (the bridge without flags).
@Suite struct HTTPConfigTests {
    @Test func sectionIsRead() throws {
        let config = try DaemonConfig.parse(text: """
            http:
              port: 9000
              token_file: /run/credentials/edgeswipe.service/http-token
              origins: [http://localhost:3000, "https://kiosk.example"]
              web_root: /usr/local/share/edgeswipe/web
            """, source: "t.yaml")
        #expect(config.http == HTTPConfig(port: 9000, tokenFile: "/run/credentials/edgeswipe.service/http-token",
                                          origins: ["http://localhost:3000", "https://kiosk.example"],
                                          webRoot: "/usr/local/share/edgeswipe/web"))
        #expect(try DaemonConfig.parse(text: "http:\n  token_file: /t\n", source: "t.yaml").http?.port == 8710)
        #expect(try DaemonConfig.parse(text: "print_json: false\n", source: "t.yaml").http == nil)
    }

    @Test func problemsNameKeyAndLine() {
        func issues(_ yaml: String) -> [String] {
            do {
                _ = try DaemonConfig.parse(text: yaml, source: "t.yaml")
                return []
            } catch {
                return error.issues.map(\.description)
            }
        }
        #expect(issues("http:\n  port: 8710\n") == ["t.yaml:1: http: needs token_file: a file only the kiosk user can read"])
        #expect(issues("http:\n  token_file: token\n") == ["t.yaml:2: http.token_file: must be an absolute path"])
        let bad = issues("http:\n  token_file: /t\n  port: 70000\n  origins:\n    - http://a.example/path\n  colour: red\n")
        #expect(bad.count == 3, "\(bad)")
        #expect(bad.contains { $0.hasPrefix("t.yaml:3: http.port:") })
        #expect(bad.contains { $0.hasPrefix("t.yaml:5: http.origins: origin \"http://a.example/path\"") })
        #expect(bad.contains { $0.hasPrefix("t.yaml:6: http.colour: unknown key; expected one of: port, token_file, origins, web_root") })
    }

    @Test func optionsReadTheTokenFileAndRefuseAnOpenOne() throws {
        let dir = TempDirectory()
        let path = dir.write("token", "abcdefghijklmnopqrstuvwxyz\n")
        chmod(path, 0o600)
        let options = try HTTPConfig(port: 9001, tokenFile: path).options()
        #expect(options.port == 9001 && options.token.matches("abcdefghijklmnopqrstuvwxyz".utf8) && options.site == nil)
        chmod(path, 0o604)
        #expect(throws: HTTPSetupError.self) { try HTTPConfig(tokenFile: path).options() }
    }
}
