/// What the doctor gathered about the desktop environments beyond wlroots (issue 39): KDE Plasma's `kwinrc` and an
/// InputActions configuration, GNOME Shell's version and enabled extensions, and the session's own names for itself.
/// Gathered by `DesktopReading` (and the command, for the Shell's version); the checks only read them.
public struct DesktopFacts: Sendable, Equatable {
    /// XDG_CURRENT_DESKTOP as the doctor was started with ("KDE", "GNOME", "Phosh:GNOME"); nil when unset.
    public var currentDesktop: String?
    /// XDG_SESSION_DESKTOP (or DESKTOP_SESSION) as the doctor was started with ("plasma-mobile"); nil when unset.
    public var sessionDesktop: String?
    /// The user's `kwinrc`, read; nil when not read.
    public var kwinrc: UserTextFile?
    /// The user's InputActions configuration, read; nil when not read.
    public var inputActions: UserTextFile?
    /// GNOME Shell as the user's session runs it; nil when no GNOME Shell of the user's runs.
    public var gnome: GnomeFact?
    /// What reading these left unread, and why.
    public var notes: [String] = []

    public init(currentDesktop: String? = nil, sessionDesktop: String? = nil, kwinrc: UserTextFile? = nil,
                inputActions: UserTextFile? = nil, gnome: GnomeFact? = nil) {
        self.currentDesktop = currentDesktop
        self.sessionDesktop = sessionDesktop
        self.kwinrc = kwinrc
        self.inputActions = inputActions
        self.gnome = gnome
    }
}

/// A configuration file of the user's, read as text.
public struct UserTextFile: Sendable, Equatable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// GNOME Shell in the user's session: its version (`gnome-shell --version`) and the extensions its settings enable
/// (`org.gnome.shell enabled-extensions` and `disable-user-extensions`, read from the user's dconf database).
public struct GnomeFact: Sendable, Equatable {
    /// The Shell's version as it prints it ("43.9"); nil when not learnt.
    public var version: String?
    /// The enabled extensions' UUIDs; nil when the database was not read or does not set the key (the Shell's
    /// default list applies then, which the doctor does not know).
    public var enabledExtensions: [String]?
    /// `disable-user-extensions`: every extension is off whatever the list says.
    public var userExtensionsDisabled: Bool
    /// Where the settings were read from ("/home/u/.config/dconf/user"), for the messages.
    public var settingsSource: String

    public init(version: String? = nil, enabledExtensions: [String]? = nil, userExtensionsDisabled: Bool = false,
                settingsSource: String) {
        self.version = version
        self.enabledExtensions = enabledExtensions
        self.userExtensionsDisabled = userExtensionsDisabled
        self.settingsSource = settingsSource
    }

    /// The major version of `gnome-shell --version`'s line ("GNOME Shell 43.9" is 43); nil when it is not that line.
    public static func version(fromVersionLine line: String) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        guard words.count == 3, words[0] == "GNOME", words[1] == "Shell",
              let first = words[2].split(separator: ".").first, Int(first) != nil, words[2].count <= 32 else { return nil }
        return String(words[2])
    }

    /// The major version as a number (43 for "43.9").
    public var majorVersion: Int? { version.flatMap { $0.split(separator: ".").first.flatMap { Int($0) } } }
}
