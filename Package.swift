// swift-tools-version:6.0
// EdgeSwipe: edge-swipe recognition for Linux touch hardware.
// Data flows one way: device or file -> events -> frames -> gestures -> navigation -> outputs.
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]
/// Release builds put each function in its own section, so the linker can place the service's per-wake-up code
/// together (Sources/edgeswipe/hot-path.order).
let hotPathReady: [SwiftSetting] = strict + [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]
let hotPathOrder: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--section-ordering-file=\(Context.packageDirectory)/Sources/edgeswipe/hot-path.order"],
                 .when(configuration: .release)),
]

let package = Package(
    name: "EdgeSwipe",
    products: [
        .executable(name: "edgeswipe", targets: ["edgeswipe"]),
    ],
    targets: [
        // System libraries: module map + shim header each.
        .systemLibrary(name: "CEvdev", pkgConfig: "libevdev",
                       providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(name: "CLibinput", pkgConfig: "libinput",
                       providers: [.apt(["libinput-dev", "libudev-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1",
                       providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
                       providers: [.apt(["libmicrohttpd-dev"])]),
        // One-to-one wrappers (prefix edgeswipe_) for the libc macros Glibc does not import; its header also
        // brings in epoll, signalfd, timerfd and eventfd.
        .target(name: "CEdgeSwipeSys"),
        // The system layer: the syscall helper, descriptors, the epoll event loop and what registers on it,
        // signals, timers, posix_spawn. Below everything that does I/O.
        .target(name: "EdgeSwipeSystem", dependencies: ["CEdgeSwipeSys"], swiftSettings: hotPathReady),

        .target(name: "TouchInput", dependencies: ["CEvdev", "CEdgeSwipeSys", "EdgeSwipeSystem"],
                swiftSettings: hotPathReady, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "TouchTrace", dependencies: ["TouchInput", "CYAML", "EdgeSwipeSystem"], swiftSettings: strict),
        .target(name: "Gestures", dependencies: ["TouchInput"], swiftSettings: hotPathReady),
        .target(name: "Navigation", dependencies: ["Gestures"], swiftSettings: hotPathReady),
        .target(name: "EdgeSwipeDaemon",
                dependencies: ["EdgeSwipeSystem", "TouchInput", "TouchTrace", "Gestures", "Navigation", "CLibinput",
                               "CMicroHTTPD"],
                swiftSettings: hotPathReady),
        // Labelled swipe corpus (synthesised + real recordings) and the accuracy evaluation over it.
        .target(name: "EdgeSwipeCorpus", dependencies: ["TouchInput", "TouchTrace", "Gestures"], swiftSettings: strict),
        .executableTarget(name: "edgeswipe", dependencies: ["EdgeSwipeSystem", "EdgeSwipeDaemon", "EdgeSwipeCorpus"], exclude: ["hot-path.order"],
                          swiftSettings: hotPathReady, linkerSettings: hotPathOrder),
        // Release-build benchmark executable: prints figures, never a timed unit test.
        .target(name: "CAllocCounter", path: "Benchmarks/CAllocCounter"),
        .executableTarget(name: "edgeswipe-bench", dependencies: ["EdgeSwipeDaemon", "EdgeSwipeCorpus", "CAllocCounter"],
                          path: "Benchmarks/edgeswipe-bench", swiftSettings: strict),
        // libFuzzer targets (Fuzz/README.md): the harness, and one executable that is a libFuzzer binary when built
        // with -DEDGESWIPE_FUZZ and a regression runner (files on the command line) otherwise.
        .target(name: "FuzzHarness", dependencies: ["EdgeSwipeDaemon", "EdgeSwipeCorpus"], path: "Fuzz/Harness",
                swiftSettings: strict),
        .executableTarget(name: "edgeswipe-fuzz", dependencies: ["FuzzHarness"], path: "Fuzz/Runner", swiftSettings: strict),

        // Finds Tests/Fixtures from the source tree: tests read only the project's own copies.
        .target(name: "FixtureSupport", dependencies: ["EdgeSwipeSystem"], path: "Tests/FixtureSupport",
                swiftSettings: strict),

        .testTarget(name: "EdgeSwipeSystemTests", dependencies: ["EdgeSwipeSystem", "CEdgeSwipeSys"], swiftSettings: strict),
        .testTarget(name: "TouchInputTests", dependencies: ["TouchInput", "EdgeSwipeSystem", "CEdgeSwipeSys", "FixtureSupport"],
                     swiftSettings: strict),
        .testTarget(name: "TouchTraceTests", dependencies: ["TouchTrace", "FixtureSupport"], swiftSettings: strict),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "TouchTrace", "EdgeSwipeCorpus", "FixtureSupport"],
                    swiftSettings: strict),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation"], swiftSettings: strict),
        .testTarget(name: "EdgeSwipeDaemonTests", dependencies: ["EdgeSwipeSystem", "EdgeSwipeDaemon", "FixtureSupport"], swiftSettings: strict),
        // Runs the built `edgeswipe` binary: help, exit codes, JSON output, error messages.
        .testTarget(name: "CLITests", dependencies: ["EdgeSwipeSystem", "FixtureSupport"], swiftSettings: strict),
        // Every input a fuzz target ever crashed on, run through the same harness code path.
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzHarness"], swiftSettings: strict),
        // Live tests on a real kernel (uinput devices, `edgeswipe run`): run in the VM rig, skipped elsewhere.
        .testTarget(name: "LiveTests", dependencies: ["EdgeSwipeSystem", "EdgeSwipeDaemon", "TouchTrace", "CEvdev", "FixtureSupport"],
                    swiftSettings: strict),
    ]
)
