// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "timerlab",
    products: [
        .executable(name: "timerlab", targets: ["timerlab"]),
        .library(name: "TimerLab", targets: ["TimerLab"]),
        // Checks a user's own types on the same harness: `Lifetime.check`, `expectFreed`, `assertFreed`.
        .library(name: "TimerLabTesting", targets: ["TimerLabTesting"]),
    ],
    targets: [
        // The scenarios, the mechanisms they use, the harness and the report model. Never prints.
        .target(name: "TimerLab", dependencies: ["CTimerLabSupport"]),
        // What Swift cannot call itself: prctl (variadic), async-signal-safe signal handlers,
        // pipe2, and mallinfo2 (which Glibc's Swift module does not export), for bench.
        .target(name: "CTimerLabSupport"),
        // Argument parsing, commands, help and exit codes: `run(_:io:)` returns an exit status.
        .target(name: "TimerLabCLI", dependencies: ["TimerLab", "CTimerLabSupport"]),
        // The public check of a user's own types, for Swift Testing and XCTest test targets.
        .target(name: "TimerLabTesting", dependencies: ["TimerLab"]),
        // One line: hands the process's arguments to TimerLabCLI.
        .executableTarget(name: "timerlab", dependencies: ["TimerLabCLI"]),

        // `timerlab` plus test-only scenarios (a wrong expectation, a crash, a hang) for `check`'s tests.
        .executableTarget(name: "TimerLabFixtures", dependencies: ["TimerLabCLI", "TimerLab"], path: "Tests/Fixtures"),

        // Loaded with the test bundle: asks Swift Testing not to capture a backtrace per thrown error.
        .target(name: "CTestSupport", path: "Tests/CTestSupport"),
        .testTarget(name: "TimerLabTests", dependencies: ["TimerLab", "CTestSupport"]),
        .testTarget(name: "TimerLabCLITests", dependencies: ["TimerLabCLI"]),
        .testTarget(name: "TimerLabTestingTests", dependencies: ["TimerLabTesting", "TimerLab"]),
        // Runs the built binaries; depending on them makes `swift test` build them first.
        .testTarget(
            name: "EndToEndTests", dependencies: ["timerlab", "TimerLabFixtures", "TimerLab"],
            exclude: ["Support/zsh-complete.zsh"]),
    ]
)
