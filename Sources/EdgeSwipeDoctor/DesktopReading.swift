/// Gathers `DesktopFacts` for the invoking user: their `kwinrc` and InputActions configuration when their KWin runs
/// (or no desktop of theirs runs: what applies at next login), and GNOME Shell's extension settings from their dconf
/// database when their GNOME Shell runs. Every file is read with the user's rights (`UserFileReader`) within a bound;
/// the dconf database is decoded here (`DconfDatabase`) rather than asked of `gsettings`, so a doctor run as root
/// starts no program as the user and reads nothing the user could not. GNOME Shell's version is asked by the
/// command (`gnome-shell --version`), which runs tools.
public enum DesktopReading {
    /// A `kwinrc` or InputActions file: a few KiB in use; more than this is not read.
    public static let maxTextBytes = 1 << 20
    /// A dconf user database holds every application's settings: larger, still bounded.
    public static let maxDconfBytes = 8 << 20

    public typealias Reader = (_ path: String, _ maxBytes: Int) -> Result<[UInt8], UserFileReader.Failure>

    /// Process names of the desktops the doctor knows, besides the compositors whose files it reads.
    static let kwinPrograms: Set<String> = ["kwin_wayland", "kwin_x11"]
    static let otherSessionPrograms: Set<String> = ["gnome-shell", "phoc", "phosh"]

    public static func read(processes: [ProcessFact], home: String?, xdgConfigHome: String?, user: InvokingUser,
                            environment: (String) -> String?, reader: Reader? = nil) -> DesktopFacts {
        let read = reader ?? { path, limit in UserFileReader.readBytes(path: path, maxBytes: limit, as: user) }
        var facts = DesktopFacts(currentDesktop: environment("XDG_CURRENT_DESKTOP"),
                                 sessionDesktop: environment("XDG_SESSION_DESKTOP") ?? environment("DESKTOP_SESSION"))
        guard let configHome = xdgConfigHome.flatMap({ $0.isEmpty ? nil : $0 }) ?? home.map({ $0 + "/.config" }) else {
            facts.notes.append("did not read the desktop's settings: neither HOME nor XDG_CONFIG_HOME is set")
            return facts
        }
        let mine = processes.filter { $0.uid == user.uid }
        func runs(_ names: Set<String>) -> Bool { mine.contains { names.contains($0.program) || names.contains($0.name) } }
        let kwin = runs(kwinPrograms)
        let noDesktop = !kwin && !runs(otherSessionPrograms) && !mine.contains(where: CompositorConfigFiles.isCompositor)

        /// The file's bytes, or nil; a failure is noted unless the file is just not there.
        func take(_ path: String, _ what: String, limit: Int) -> [UInt8]? {
            switch read(path, limit) {
            case .success(let bytes): return bytes
            case .failure(.cannotOpen(let why)) where why.hasSuffix("(errno 2)"): return nil
            case .failure(let failure):
                facts.notes.append("did not read \(what) \(path): \(failure)")
                return nil
            }
        }
        if kwin || noDesktop {
            let kwinrc = configHome + "/kwinrc"
            facts.kwinrc = take(kwinrc, "KWin configuration", limit: maxTextBytes).map { UserTextFile(path: kwinrc, text: String(decoding: $0, as: UTF8.self)) }
            // InputActions' file, and the one of its earlier name (kwin-gestures).
            for path in [configHome + "/inputactions/config.yaml", configHome + "/kwingestures.yml"] {
                guard let bytes = take(path, "InputActions configuration", limit: maxTextBytes) else { continue }
                facts.inputActions = UserTextFile(path: path, text: String(decoding: bytes, as: UTF8.self))
                break
            }
        }
        if runs(["gnome-shell"]) {
            let path = configHome + "/dconf/user"
            var shell = GnomeFact(settingsSource: path)
            if let bytes = take(path, "GNOME's settings", limit: maxDconfBytes) {
                do throws(DconfDatabase.Failure) {
                    let values = try DconfDatabase.values(bytes)
                    if case .strings(let uuids)? = values["/org/gnome/shell/enabled-extensions"] { shell.enabledExtensions = uuids }
                    if case .bool(let off)? = values["/org/gnome/shell/disable-user-extensions"] { shell.userExtensionsDisabled = off }
                } catch {
                    facts.notes.append("did not read GNOME's settings \(path): \(error)")
                }
            }
            facts.gnome = shell
        }
        return facts
    }
}
