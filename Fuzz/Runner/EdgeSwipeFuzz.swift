// edgeswipe-fuzz: one binary for all fuzz targets (Fuzz/README.md).
// Built with -DEDGESWIPE_FUZZ and -sanitize=fuzzer it is a libFuzzer binary; EDGESWIPE_FUZZ_TARGET picks the target.
// Otherwise it is a regression runner: `edgeswipe-fuzz TARGET FILE|DIR...` runs each file through the same code.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import FuzzHarness

func complain(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}

#if EDGESWIPE_FUZZ
let selectedTarget: FuzzTarget = {
    let name = getenv("EDGESWIPE_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        complain("edgeswipe-fuzz: set EDGESWIPE_FUZZ_TARGET to one of: "
                 + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ") + "\n")
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let problems = selectedTarget.run(UnsafeRawBufferPointer(start: data, count: size))
    if !problems.isEmpty {
        complain("edgeswipe-fuzz \(selectedTarget.rawValue): invariant broken:\n  "
                 + problems.joined(separator: "\n  ") + "\n")
        abort()
    }
    return 0
}
#else
@main
enum RegressionRunner {
    static func main() {
        let args = Array(CommandLine.arguments.dropFirst())
        guard let name = args.first, let target = FuzzTarget(rawValue: name), args.count > 1 else {
            complain("usage: edgeswipe-fuzz TARGET FILE|DIR...\ntargets: "
                     + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ") + "\n")
            exit(2)
        }
        var files = 0, failures = 0
        for path in args.dropFirst() {
            for file in expand(path) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    complain("edgeswipe-fuzz: cannot read \(file)\n")
                    exit(2)
                }
                files += 1
                let problems = target.run(Array(data))
                if !problems.isEmpty {
                    failures += 1
                    print("FAIL \(file):\n  " + problems.joined(separator: "\n  "))
                }
            }
        }
        print("edgeswipe-fuzz \(name): \(files) inputs, \(failures) failing")
        exit(failures == 0 ? 0 : 1)
    }

    static func expand(_ path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }
    }
}
#endif
