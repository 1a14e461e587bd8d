// swift-tools-version: 6.0
import PackageDescription

// Server code as a SwiftNIO user writes it, checked with timerlab's `TimerLabTesting` (issue 49).
// A test package of its own: timerlab keeps no dependency, this package depends on SwiftNIO as
// released, and on swift-async-algorithms, as a server's package does (this machine's package
// mirror resolves both offline).
let package = Package(
    name: "Servers",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "timerlab", path: "../.."),
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-async-algorithms.git", exact: "1.1.4"),
    ],
    targets: [
        // Server types written as a Vapor- or Hummingbird-style service writes them.
        .target(
            name: "Servers",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ]),
        .testTarget(
            name: "ServersTests",
            dependencies: [
                "Servers", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "TimerLabTesting", package: "timerlab"),
            ]),
    ]
)
