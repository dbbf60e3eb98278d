#if canImport(Glibc)
import Glibc
#endif

/// Whether this process was built with a sanitizer (`swift build --sanitize=address|thread`). Tests and the
/// `edgeswipe` binary they run are built together, so the answer holds for the binary too.
public enum Sanitizer {
    public static let isActive: Bool = {
        // dlopen(nil) is the program and its libraries (glibc's RTLD_DEFAULT is a null handle, not importable).
        guard let program = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(program) }
        return dlsym(program, "__asan_init") != nil || dlsym(program, "__tsan_init") != nil
    }()
}
