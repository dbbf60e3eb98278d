/// The bounds every YAML reader in the project works within, kept in one place so the configuration and
/// the recordings refuse hostile files the same way.
public enum YAMLLimits {
    /// Deepest nesting of sequences and mappings. libyaml's scanner keeps one simple-key slot per open flow
    /// collection and walks them all for every token, so unbounded nesting costs quadratic time; trees are
    /// also built recursively. Real documents nest under ten levels (a recording: seven).
    public static let maxDepth = 200
    /// Most nodes a tree may hold once aliases are expanded ("billion laughs"). Only trees expand aliases:
    /// the event reader hands an alias over as one event, so its work stays linear in the text.
    public static let maxNodes = 100_000
}
