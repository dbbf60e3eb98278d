import YAMLDocument

/// The configuration file's `http` section: the HTTP bridge without command-line flags (docs/kiosk.md).
///
/// ```yaml
/// http:
///   port: 8710
///   token_file: /home/kiosk/.config/edgeswipe/http-token
///   origins: [http://localhost:3000]
///   web_root: /usr/local/share/edgeswipe/web
/// ```
/// Read at start; like `socket.*`, changes take effect at the next restart.
package struct HTTPConfig: Hashable, Sendable {
    package var port: UInt16
    package var tokenFile: String
    package var origins: [String] = []
    package var webRoot: String?
    /// Serve a socket passed by systemd that is not bound to a loopback address (with a warning).
    package var allowNonLoopback: Bool

    package init(port: UInt16 = HTTPOptions.defaultPort, tokenFile: String, origins: [String] = [], webRoot: String? = nil,
                allowNonLoopback: Bool = false) {
        self.port = port
        self.tokenFile = tokenFile
        self.origins = origins
        self.webRoot = webRoot
        self.allowNonLoopback = allowNonLoopback
    }

    /// Reads the token file and the pages: the options the endpoint starts with.
    package func options() throws -> HTTPOptions {
        var options = HTTPOptions(port: port, token: try BearerToken.load(path: tokenFile), origins: try OriginPolicy(origins),
                                  site: try webRoot.map { try StaticSite.load(directory: $0) })
        options.allowNonLoopback = allowNonLoopback
        return options
    }
}

extension DaemonConfig {
    /// `http:`: a mapping with `token_file` (required, absolute), `port` (default 8710), `origins`, `web_root`.
    static func readHTTP(_ r: ConfigReader, _ entry: YAMLEntry) -> HTTPConfig? {
        let node = entry.value
        guard let m = r.mapping(node, "http", known: ["port", "token_file", "origins", "web_root", "allow_non_loopback"]) else { return nil }
        var port = HTTPOptions.defaultPort
        if let e = m["port"], let n = r.int(e.value, "http.port", range: 1...65535) { port = UInt16(n) }
        // A bad token_file does not stop the reading: the other keys' problems are reported too.
        var tokenFile: String?
        if let tokenEntry = m["token_file"] {
            if let path = r.string(tokenEntry.value, "http.token_file") {
                if path.hasPrefix("/") { tokenFile = path } else { r.issue("http.token_file", tokenEntry.value.mark, "must be an absolute path") }
            }
        } else {
            r.issue("http", entry.keyMark, "needs token_file: a file only the kiosk user can read")
        }
        var config = HTTPConfig(port: port, tokenFile: tokenFile ?? "")
        if let e = m["origins"], let items = r.list(e.value, "http.origins") {
            for item in items {
                guard let o = r.string(item, "http.origins") else { continue }
                do {
                    _ = try OriginPolicy([o])
                    config.origins.append(o)
                } catch {
                    r.issue("http.origins", item.mark, "\(error)")
                }
            }
        }
        if let e = m["web_root"], let dir = r.string(e.value, "http.web_root") {
            if dir.hasPrefix("/") { config.webRoot = dir } else { r.issue("http.web_root", e.value.mark, "must be an absolute path") }
        }
        if let e = m["allow_non_loopback"], let b = r.bool(e.value, "http.allow_non_loopback") { config.allowNonLoopback = b }
        return tokenFile == nil ? nil : config
    }
}
