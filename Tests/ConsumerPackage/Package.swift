// swift-tools-version: 6.0
import PackageDescription

// A package that uses timerlab's `TimerLabTesting` as any user's package would: by a dependency
// (here a relative path to the repository's root), from its own test target.
let package = Package(
    name: "Clocks",
    // What timerlab's TimerLabTesting needs on Apple platforms.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [.library(name: "Clocks", targets: ["Clocks"])],
    // docs: dependency
    dependencies: [.package(name: "timerlab", path: "../..")],
    // docs: end
    targets: [
        .target(name: "Clocks"),
        // Measures the check's overhead and that no thread outlives it (scripts/lifetime-bench.sh).
        .executableTarget(
            name: "lifetime-bench",
            dependencies: ["Clocks", .product(name: "TimerLabTesting", package: "timerlab")]),
        // Swift Testing only.
        // docs: test-target
        .testTarget(
            name: "ClocksTests",
            dependencies: ["Clocks", .product(name: "TimerLabTesting", package: "timerlab")]),
        // docs: end
        // A user's package still in Swift 5 mode: plain classes captured by timer blocks, no
        // Sendable annotations. The check is the same call.
        .testTarget(
            name: "ClocksSwift5Tests",
            dependencies: [.product(name: "TimerLabTesting", package: "timerlab")],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // XCTest only: no file imports Testing. Its leak tests run only when CLOCKS_RUN_LEAKS is
        // set, as a child whose failure .ci/run checks (corelibs XCTest has no expected failures).
        // docs: xctest-target
        .testTarget(
            name: "ClocksXCTests",
            dependencies: [
                "Clocks", .product(name: "TimerLabTesting", package: "timerlab"),
                .product(name: "TimerLabXCTest", package: "timerlab"),
            ]),
        // docs: end
    ]
)
