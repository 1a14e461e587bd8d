// swift-tools-version: 6.3
// 6.3, the oldest toolchain this package builds with: TimerLabTesting records a late release as
// a warning with Swift Testing's `Issue.Severity` (Swift 6.3), its traits scope tests with
// `TestScoping` (6.1), and a check in an exit test's child asks `ExitTest.current` (6.2).
import PackageDescription

let package = Package(
    name: "timerlab",
    // The harness's Mutex and Atomic (Synchronization) and TimerLabTesting's task executor need
    // these on Apple platforms. Only Linux is built and tested here; the command line, whose
    // process control (prctl, procfs) is Linux's, keeps its Linux-only calls behind guards but
    // is built nowhere else.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "timerlab", targets: ["timerlab"]),
        // Checks a user's own types on timerlab's harness: `expectFreed`, `Lifetime.check`.
        .library(name: "TimerLabTesting", targets: ["TimerLabTesting"]),
        // `trackForLeaks(_:)` for XCTest: a module of its own, so that TimerLabTesting never links XCTest.
        .library(name: "TimerLabXCTest", targets: ["TimerLabXCTest"]),
    ],
    targets: [
        // The engine alone: runs one subject (a catalog scenario or a user's type) in the README's
        // steps, with a positive control for every negative fact. Knows nothing of the catalog,
        // reports or bench; its Linux-only calls sit behind one guarded seam (System/).
        .target(name: "TimerLabHarness", dependencies: ["CAllocator"]),
        // The catalog, its scenarios and mechanisms, explanations, reports and bench. Never prints.
        // One module, its six concerns in folders (Catalog/, Scenarios/, Mechanisms/, Explain/,
        // Report/, Bench/), because they are not layers: a scenario carries its explanation
        // (Catalog's Scenario names Explain's Explanation) and an observation its wire record
        // (Report's ObservationRecord), while Explain and Report read the catalog back. Split,
        // each side's internal names would become `package` for the other, for the one client
        // (the command line) that uses them all together. Bench alone stands apart (one of its
        // 13 files names a catalog type): the first to become a module of its own if it grows.
        .target(name: "TimerLab", dependencies: ["TimerLabHarness"]),
        // glibc's allocator facts Glibc's Swift module does not export (malloc.h): the heap in use,
        // for bench, and a heap block's size, for the harness's reads of a dispatch source.
        .target(name: "CAllocator"),
        // What the command line cannot call from Swift: prctl (variadic), async-signal-safe
        // signal handlers, pipe2, and the arguments as the kernel passed them.
        .target(name: "CTimerLabSupport"),
        // Argument parsing, commands, help and exit codes: `run(_:io:)` returns an exit status.
        .target(name: "TimerLabCLI", dependencies: ["TimerLab", "TimerLabHarness", "CTimerLabSupport"]),
        // The public check of a user's own types, for Swift Testing and XCTest test targets.
        .target(name: "TimerLabTesting", dependencies: ["TimerLabHarness"]),
        // XCTest's door to the same check of objects a test already makes: `trackForLeaks(_:)`.
        .target(name: "TimerLabXCTest", dependencies: ["TimerLabTesting"]),
        // Writes Explain/CarriedCode+Generated.swift with the transform its test calls (scripts/regenerate.sh).
        .executableTarget(name: "carry-code", dependencies: ["TimerLab"], path: "Sources/CarryCode"),
        // One line: hands the process's arguments to TimerLabCLI.
        .executableTarget(name: "timerlab", dependencies: ["TimerLabCLI"]),

        // `timerlab` plus test-only scenarios (a wrong expectation, a crash, a hang) for `check`'s tests,
        // and a check whose task's cancel takes every thread of the executor, in a process of its own.
        .executableTarget(
            name: "TimerLabFixtures", dependencies: ["TimerLabCLI", "TimerLab", "TimerLabHarness", "TimerLabTesting"],
            path: "Tests/Fixtures"),

        // Loaded with the test bundle: asks Swift Testing not to capture a backtrace per thrown error.
        .target(name: "CTestSupport", path: "Tests/CTestSupport"),
        // What the test targets share: the optional tools (skipped when absent, required by .ci/run), and waits
        // bounded on the monotonic clock (`eventually`, a thread and run loop of its own).
        .target(name: "TestSupport", dependencies: ["TimerLab", "TimerLabHarness"], path: "Tests/TestSupport"),
        // The harness's own tests; the catalog's scenarios serve some of them as subjects.
        .testTarget(name: "TimerLabHarnessTests", dependencies: ["TimerLabHarness", "TimerLab", "CTestSupport", "TestSupport"]),
        .testTarget(name: "TimerLabTests", dependencies: ["TimerLab", "TimerLabHarness", "CTestSupport", "TestSupport"]),
        .testTarget(name: "TimerLabCLITests", dependencies: ["TimerLabCLI"]),
        .testTarget(
            name: "TimerLabTestingTests", dependencies: ["TimerLabTesting", "TimerLab", "TimerLabHarness", "TestSupport"]),
        // The C targets' own tests: each function's contract, called directly (what only a
        // process of its own can show, a parent's death, is EndToEndTests').
        .testTarget(name: "CAllocatorTests", dependencies: ["CAllocator"]),
        .testTarget(name: "CTimerLabSupportTests", dependencies: ["CTimerLabSupport"]),
        // carry-code run as scripts/regenerate.sh runs it, in a copy of the scenarios.
        .testTarget(name: "CarryCodeTests", dependencies: ["carry-code"]),
        // TimerLabXCTest's own tests: `trackForLeaks` in XCTest test cases.
        .testTarget(name: "TimerLabXCTestTests", dependencies: ["TimerLabXCTest", "TimerLabTesting", "TestSupport"]),
        // Runs the built binaries; depending on them makes `swift test` build them first.
        .testTarget(
            name: "EndToEndTests", dependencies: ["timerlab", "TimerLabFixtures", "TimerLab", "TimerLabHarness", "TestSupport"],
            exclude: ["Support/zsh-complete.zsh"]),
    ]
)
