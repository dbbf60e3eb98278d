/// Where a compositor's configuration is: the file the running compositor was started with (`-c`/`--config`),
/// else the places it reads by default. Pure: the caller reads the files that exist.
public enum CompositorConfigFiles {
    /// Process names of the compositors whose files the doctor reads.
    static let programs: [String: ConfigFileFact.Compositor] = ["sway": .sway, "Hyprland": .hyprland, "wayfire": .wayfire]

    /// Candidate files, most specific first, for the compositors running among `processes`, or for every
    /// compositor the doctor knows when none of them runs (a configuration that will apply at next login).
    /// With `user`, only that user's processes count: another user's compositor and its `-c` file are not theirs.
    public static func candidates(processes: [ProcessFact], home: String?, xdgConfigHome: String?,
                                  user: UInt32? = nil) -> [(ConfigFileFact.Compositor, String)] {
        let configHome = xdgConfigHome.flatMap { $0.isEmpty ? nil : $0 } ?? home.map { $0 + "/.config" }
        var running: [ConfigFileFact.Compositor: String?] = [:]
        for p in processes where user == nil || p.uid == user {
            guard let compositor = programs[p.program] ?? programs[p.name] else { continue }
            running[compositor] = explicitConfig(p.arguments)
        }
        let compositors = running.isEmpty ? ConfigFileFact.Compositor.allCases : ConfigFileFact.Compositor.allCases.filter { running[$0] != nil }
        return compositors.flatMap { c -> [(ConfigFileFact.Compositor, String)] in
            if let explicit = running[c], let path = explicit { return [(c, path)] }
            return defaults(c, configHome: configHome, home: home).map { (c, $0) }
        }
    }

    /// Whether the process is a compositor whose files the doctor reads.
    static func isCompositor(_ p: ProcessFact) -> Bool { programs[p.program] != nil || programs[p.name] != nil }

    static func explicitConfig(_ arguments: [String]) -> String? {
        for (i, a) in arguments.enumerated() {
            if (a == "-c" || a == "--config"), i + 1 < arguments.count { return arguments[i + 1] }
            if a.hasPrefix("--config=") { return String(a.dropFirst("--config=".count)) }
        }
        return nil
    }

    static func defaults(_ c: ConfigFileFact.Compositor, configHome: String?, home: String?) -> [String] {
        switch c {
        case .sway:
            return [configHome.map { $0 + "/sway/config" }, home.map { $0 + "/.sway/config" }, "/etc/sway/config"].compactMap { $0 }
        case .hyprland:
            return [configHome.map { $0 + "/hypr/hyprland.conf" }].compactMap { $0 }
        case .wayfire:
            return [configHome.map { $0 + "/wayfire.ini" }].compactMap { $0 }
        }
    }

    /// Files a Hyprland configuration pulls in with `source = PATH` (one level, `~` expanded), which is where
    /// hyprgrass bindings are often kept.
    public static func hyprlandSources(_ text: String, home: String?) -> [String] {
        text.split(separator: "\n").compactMap { raw in
            let line = raw.prefix { $0 != "#" }.trimmingWhitespace()
            guard let equals = line.firstIndex(of: "="), line[..<equals].trimmingWhitespace() == "source" else { return nil }
            let path = line[line.index(after: equals)...].trimmingWhitespace()
            if path.hasPrefix("~/"), let home { return home + path.dropFirst() }
            return path.isEmpty ? nil : String(path)
        }
    }
}
