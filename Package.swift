// swift-tools-version:6.0
// EdgeSwipe: edge-swipe recognition for Linux touch hardware.
// Data flows one way: device or file -> events -> frames -> gestures -> navigation -> outputs.
import PackageDescription

/// Every target: Swift 6 mode, and a member (method, property, operator) is visible only in a file that imports
/// its module, so each file's imports are written down. CI runs scripts/dev/check-target-imports.py, which fails
/// when a target imports a module of this package that its entry here does not declare.
let strict: [SwiftSetting] = [.swiftLanguageMode(.v6), .enableUpcomingFeature("MemberImportVisibility")]
/// Release builds put each function in its own section, so the linker can place the service's per-wake-up code
/// together (Sources/edgeswipe/hot-path.order), and compile switches to compare chains, not jump tables: a jump
/// table is a read of a data page and an indirect jump, both costly per wake-up on an emulated CPU (the VM rig).
let hotPathReady: [SwiftSetting] = strict + [.unsafeFlags(["-Xfrontend", "-function-sections",
                                                           "-Xllvm", "-min-jump-table-entries=1000"], .when(configuration: .release))]
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
        // sd-bus, the session bus client of `edgeswipe feedback`'s haptics (feedbackd).
        .systemLibrary(name: "CSystemdBus", pkgConfig: "libsystemd",
                       providers: [.apt(["libsystemd-dev"])]),
        // JSON decoding for the control protocol: the service links no Foundation (static Swift runtime, issue 15).
        .systemLibrary(name: "CJansson", pkgConfig: "jansson",
                       providers: [.apt(["libjansson-dev"])]),
        // One-to-one wrappers (prefix edgeswipe_) for the libc macros Glibc does not import; its header also
        // brings in epoll, signalfd, timerfd and eventfd.
        .target(name: "CEdgeSwipeSys"),
        // Pure value types every layer shares: time (Microseconds), geometry, touch frames. No C library.
        .target(name: "TouchModel", swiftSettings: hotPathReady),
        // The system layer: the syscall helper, descriptors, the epoll event loop and what registers on it,
        // signals, timers, posix_spawn. Below everything that does I/O; its clock and timer speak Microseconds.
        .target(name: "EdgeSwipeSystem", dependencies: ["CEdgeSwipeSys", "TouchModel"], swiftSettings: hotPathReady),
        .target(name: "TouchInput", dependencies: ["TouchModel", "CEvdev", "CEdgeSwipeSys", "EdgeSwipeSystem"], swiftSettings: hotPathReady,
                linkerSettings: [.linkedLibrary("m")]),
        // libyaml's events with a depth cap, and the one YAML tree (configuration); the bounds live in YAMLLimits.
        .target(name: "YAMLDocument", dependencies: ["CYAML"], swiftSettings: strict),
        .target(name: "TouchTrace", dependencies: ["TouchModel", "TouchInput", "YAMLDocument", "CYAML", "EdgeSwipeSystem"], swiftSettings: strict),
        // Gestures and Navigation see frames, geometry and time only: they depend on no C library.
        .target(name: "Gestures", dependencies: ["TouchModel"], swiftSettings: hotPathReady),
        .target(name: "Navigation", dependencies: ["TouchModel", "Gestures"], swiftSettings: hotPathReady),
        // Ownership of a device: which events go on to its clone while gestures hold or take contacts. Pure.
        .target(name: "TouchOwnership", dependencies: ["TouchModel", "TouchInput", "Gestures"], swiftSettings: hotPathReady),
        // The control protocol as service and clients share it: requests, events, JSON lines, and a client. Session-side
        // tools (`edgeswipe feedback`, doctor) depend on this, never on the service itself.
        .target(name: "EdgeSwipeControl", dependencies: ["EdgeSwipeSystem", "TouchModel", "Gestures", "Navigation", "CJansson", "CEdgeSwipeSys"],
                swiftSettings: strict),
        .target(name: "EdgeSwipeDaemon",
                dependencies: ["EdgeSwipeSystem", "TouchModel", "TouchInput", "TouchTrace", "YAMLDocument", "Gestures", "Navigation",
                               "TouchOwnership", "EdgeSwipeControl", "CEvdev",
                               "CLibinput",
                               "CEdgeSwipeSys",
                               "CMicroHTTPD", "CJansson"],
                swiftSettings: hotPathReady),
        // Session side (runs as the user, never depends on EdgeSwipeDaemon): which back events are felt
        // (pure) and the outputs that play them, feedbackd on the session bus or an evdev vibrator (issue 25).
        .target(name: "EdgeSwipeHaptics", dependencies: ["TouchModel", "EdgeSwipeSystem", "CEdgeSwipeSys", "CSystemdBus"],
                swiftSettings: strict),
        // Labelled swipe corpus (synthesised + real recordings) and the accuracy evaluation over it.
        .target(name: "EdgeSwipeCorpus", dependencies: ["TouchModel", "TouchInput", "TouchTrace", "Gestures"],
                swiftSettings: strict),
        // `edgeswipe doctor`: what stands between the user and a working swipe (other gesture tools, grabs,
        // compositor bindings, the kiosk browser's own swipe, the service). Pure checks over gathered facts.
        .target(name: "EdgeSwipeDoctor", dependencies: ["EdgeSwipeSystem", "Gestures", "EdgeSwipeControl", "CEdgeSwipeSys"], swiftSettings: strict),
        .executableTarget(name: "edgeswipe",
                          dependencies: ["EdgeSwipeSystem", "TouchModel", "TouchInput", "TouchTrace", "Gestures", "Navigation", "EdgeSwipeDaemon", "EdgeSwipeControl",
                                         "EdgeSwipeCorpus", "EdgeSwipeDoctor"],
                          exclude: ["hot-path.order"],
                          swiftSettings: hotPathReady, linkerSettings: hotPathOrder),
        // Release-build benchmark executable: prints figures, never a timed unit test.
        .target(name: "CAllocCounter", path: "Benchmarks/CAllocCounter"),
        .executableTarget(name: "edgeswipe-bench",
                          dependencies: ["TouchModel", "TouchInput", "TouchTrace", "Gestures", "Navigation", "TouchOwnership", "EdgeSwipeDaemon",
                                         "EdgeSwipeControl", "EdgeSwipeCorpus", "CAllocCounter"],
                          path: "Benchmarks/edgeswipe-bench", swiftSettings: strict),
        // libFuzzer targets (Fuzz/README.md): the harness, and one executable that is a libFuzzer binary when built
        // with -DEDGESWIPE_FUZZ and a regression runner (files on the command line) otherwise.
        .target(name: "FuzzHarness",
                dependencies: ["TouchModel", "TouchInput", "TouchTrace", "Gestures", "Navigation", "EdgeSwipeDaemon", "EdgeSwipeControl", "EdgeSwipeCorpus",
                               "YAMLDocument"],
                path: "Fuzz/Harness",
                swiftSettings: strict),
        .executableTarget(name: "edgeswipe-fuzz", dependencies: ["FuzzHarness"], path: "Fuzz/Runner", swiftSettings: strict),

        // Finds Tests/Fixtures from the source tree: tests read only the project's own copies.
        .target(name: "FixtureSupport", dependencies: ["EdgeSwipeSystem"], path: "Tests/FixtureSupport",
                swiftSettings: strict),

        .testTarget(name: "EdgeSwipeSystemTests", dependencies: ["EdgeSwipeSystem", "CEdgeSwipeSys"], swiftSettings: strict),
        .testTarget(name: "TouchInputTests",
                    dependencies: ["EdgeSwipeSystem", "TouchModel", "TouchInput", "CEvdev", "CEdgeSwipeSys", "FixtureSupport"],
                    swiftSettings: strict),
        .testTarget(name: "YAMLDocumentTests", dependencies: ["YAMLDocument"], swiftSettings: strict),
        .testTarget(name: "TouchTraceTests", dependencies: ["TouchModel", "TouchInput", "TouchTrace", "YAMLDocument", "FixtureSupport"],
                    swiftSettings: strict),
        .testTarget(name: "GesturesTests",
                    dependencies: ["TouchModel", "TouchInput", "Gestures", "TouchTrace", "EdgeSwipeCorpus", "FixtureSupport"],
                    swiftSettings: strict),
        .testTarget(name: "NavigationTests", dependencies: ["TouchModel", "Gestures", "Navigation"], swiftSettings: strict),
        .testTarget(name: "EdgeSwipeDaemonTests",
                    dependencies: ["EdgeSwipeSystem", "TouchModel", "TouchInput", "TouchTrace", "Gestures", "Navigation", "EdgeSwipeDaemon", "EdgeSwipeControl",
                                   "TouchOwnership", "EdgeSwipeCorpus", "YAMLDocument", "FixtureSupport"],
                    swiftSettings: strict),
        .testTarget(name: "EdgeSwipeHapticsTests", dependencies: ["EdgeSwipeHaptics", "EdgeSwipeSystem", "TouchModel", "CEdgeSwipeSys"],
                    swiftSettings: strict),
        .testTarget(name: "EdgeSwipeDoctorTests", dependencies: ["EdgeSwipeDoctor", "Gestures"], swiftSettings: strict),
        // Runs the built `edgeswipe` binary: help, exit codes, JSON output, error messages.
        .testTarget(name: "CLITests", dependencies: ["EdgeSwipeSystem", "FixtureSupport"], swiftSettings: strict),
        // Every input a fuzz target ever crashed on, run through the same harness code path.
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzHarness"], swiftSettings: strict),
        // Live tests on a real kernel (uinput devices, `edgeswipe run`): run in the VM rig, skipped elsewhere.
        .testTarget(name: "LiveTests",
                    dependencies: ["EdgeSwipeSystem", "EdgeSwipeHaptics", "CEdgeSwipeSys", "TouchModel", "TouchInput", "TouchTrace", "Gestures", "Navigation", "EdgeSwipeDaemon", "EdgeSwipeControl", "CEvdev",
                                   "FixtureSupport"],
                    swiftSettings: strict),
    ]
)
