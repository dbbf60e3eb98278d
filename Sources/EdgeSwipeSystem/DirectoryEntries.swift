import CEdgeSwipeSys
import Glibc

/// The names in a directory, read with opendir/readdir. A readdir record is only as long as its name needs
/// (d_reclen), not sizeof(struct dirent): reading `entry.pointee.d_name`, a 256-byte tuple, copies past a short
/// record at the end of glibc's buffer (AddressSanitizer found it in the doctor's /proc listing). The name is
/// read through its address, up to its NUL.
public enum DirectoryEntries {
    /// `entry`'s name.
    public static func name(of entry: UnsafePointer<dirent>) -> String {
        String(cString: edgeswipe_dirent_name(entry))
    }

    /// Every name in `path` but "." and "..", in readdir's order. readdir's NULL ends the listing (an error there
    /// too: a directory that changes meanwhile, such as /proc, is read as far as it goes).
    public static func names(of path: String) throws(SystemError) -> [String] {
        let dir = try SystemCall.runPointer("opendir(\(path))") { opendir(path) }
        // Not through SystemCall: closedir's failure changes nothing here.
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = Self.name(of: entry)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
