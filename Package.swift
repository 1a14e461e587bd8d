// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "timerlab",
    products: [
        .executable(name: "timerlab", targets: ["timerlab"]),
        .library(name: "TimerLab", targets: ["TimerLab"]),
    ],
    targets: [
        // The scenarios, the mechanisms they use, the harness and the report model. Never prints.
        .target(name: "TimerLab"),
        // Argument parsing, commands, help and exit codes: `run(_:io:)` returns an exit status.
        .target(name: "TimerLabCLI", dependencies: ["TimerLab"]),
        // One line: hands the process's arguments to TimerLabCLI.
        .executableTarget(name: "timerlab", dependencies: ["TimerLabCLI"]),

        .testTarget(name: "TimerLabTests", dependencies: ["TimerLab"]),
        .testTarget(name: "TimerLabCLITests", dependencies: ["TimerLabCLI"]),
        // Runs the built `timerlab` binary; depending on it makes `swift test` build it first.
        .testTarget(name: "EndToEndTests", dependencies: ["timerlab"]),
    ]
)
