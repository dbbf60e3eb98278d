/// The compositor files the doctor reads for the user: the running compositor's (`-c`) or its default places,
/// and the files a Hyprland configuration pulls in with `source =`. Only the invoking user's compositors are
/// followed and every file is read with that user's rights (`UserFileReader`); each file once, and a bound on
/// files and bytes, so a configuration that sources a large file hundreds of times costs one read.
public enum CompositorConfigReading {
    public static let maxFileBytes = 1 << 20
    /// Files read in all, the compositors' own among them.
    public static let maxFiles = 16
    public static let maxTotalBytes = 4 << 20
    /// Files asked for in all (read or not): what a configuration naming thousands of files costs.
    public static let maxAsked = 64

    public typealias Reader = (_ path: String, _ maxBytes: Int) -> Result<String, UserFileReader.Failure>

    public static func read(processes: [ProcessFact], home: String?, xdgConfigHome: String?, user: InvokingUser,
                            reader: Reader? = nil) -> (files: [ConfigFileFact], notes: [String]) {
        let read = reader ?? { path, limit in UserFileReader.read(path: path, maxBytes: limit, as: user) }
        var files: [ConfigFileFact] = []
        var notes: [String] = []
        var seen: Set<String> = []
        var total = 0
        var skipped = 0
        var asked = 0
        /// Reads `path` once, within the bounds; nil when it is not read.
        func take(_ path: String, _ compositor: ConfigFileFact.Compositor, noteFailure: Bool) -> String? {
            guard seen.insert(path).inserted else { return nil }
            guard files.count < maxFiles, total < maxTotalBytes, asked < maxAsked else {
                skipped += 1
                return nil
            }
            asked += 1
            let limit = min(maxFileBytes, maxTotalBytes - total)
            switch read(path, limit) {
            case .success(let text):
                total += text.utf8.count
                files.append(ConfigFileFact(compositor: compositor, path: path, text: text))
                return text
            case .failure(.tooLarge) where limit < maxFileBytes:
                // It would fit alone; what is left of the bytes to read does not hold it.
                skipped += 1
                return nil
            case .failure(let failure):
                if noteFailure { notes.append("did not read \(compositor.rawValue) file \(path): \(failure)") }
                return nil
            }
        }
        let running = processes.contains { p in p.uid == user.uid && CompositorConfigFiles.isCompositor(p) }
        var done: Set<ConfigFileFact.Compositor> = []
        for (compositor, path) in CompositorConfigFiles.candidates(processes: processes, home: home, xdgConfigHome: xdgConfigHome,
                                                                   user: user.uid)
        where !done.contains(compositor) {
            // Each compositor reads the first of its files that exists; a missing default place is not news.
            guard let text = take(path, compositor, noteFailure: running) else { continue }
            done.insert(compositor)
            guard compositor == .hyprland else { continue }
            for source in CompositorConfigFiles.hyprlandSources(text, home: home) {
                _ = take(source, .hyprland, noteFailure: true)
            }
        }
        if skipped > 0 {
            notes.append("did not read \(skipped) more compositor file\(skipped == 1 ? "" : "s"): the doctor reads at most "
                         + "\(maxFiles) files and \(maxTotalBytes >> 20) MiB of them, and asks for at most \(maxAsked)")
        }
        return (files, notes)
    }
}
