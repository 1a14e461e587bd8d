// swift-tools-version: 6.0
import PackageDescription

// Server code as a SwiftNIO user writes it, checked with timerlab's `TimerLabTesting` (issue 49).
// SwiftNIO's NIOCore and NIOPosix, and the modules of swift-atomics and swift-collections they
// need, are copied as released into Vendor/ (each folder's VENDORED.md gives the release and its
// licence); this manifest builds each as one target, with the settings of its upstream manifest,
// so the package needs no network and timerlab itself keeps no dependency.

/// The settings swift-collections' manifest gives every target.
let collectionsSettings: [SwiftSetting] =
    [
        .define("COLLECTIONS_RANDOMIZED_TESTING"),
        .enableExperimentalFeature("BuiltinModule"), .enableExperimentalFeature("Lifetimes"),
        .enableExperimentalFeature("InoutLifetimeDependence"), .enableExperimentalFeature("AddressableParameters"),
        .enableExperimentalFeature("AddressableTypes"), .enableExperimentalFeature("SuppressedAssociatedTypesWithDefaults"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
    + [
        ("5.0", "macOS 10.14.4, iOS 12.2, watchOS 5.2, tvOS 12.2"), ("5.1", "macOS 10.15, iOS 13.0, watchOS 6.0, tvOS 13.0"),
        ("5.6", "macOS 12.3, iOS 15.4, watchOS 8.5, tvOS 15.4"), ("5.7", "macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0"),
        ("5.8", "macOS 13.3, iOS 16.4, watchOS 9.4, tvOS 16.4"), ("5.9", "macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0"),
        ("5.10", "macOS 14.4, iOS 17.4, watchOS 10.4, tvOS 17.4, visionOS 1.1"),
        ("6.0", "macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0"),
        ("6.1", "macOS 15.4, iOS 18.4, watchOS 11.4, tvOS 18.4, visionOS 2.4"),
        ("6.2", "macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0"),
        ("6.3", "macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4"),
        ("6.4", "macOS 9999, iOS 9999, watchOS 9999, tvOS 9999, visionOS 9999"),
        ("6.5", "macOS 9999, iOS 9999, watchOS 9999, tvOS 9999, visionOS 9999"),
    ].map { .enableExperimentalFeature("AvailabilityMacro=SwiftStdlib \($0.0): \($0.1)") }

/// The settings swift-nio's manifest gives its Swift targets.
let nioSettings: [SwiftSetting] = [.enableExperimentalFeature("Lifetimes"), .enableUpcomingFeature("MemberImportVisibility")]

/// A vendored module's target: `package`'s `name`, under Vendor/.
func vendored(
    _ package: String, _ name: String, dependencies: [Target.Dependency] = [], exclude: [String] = [],
    cSettings: [CSetting] = [], swiftSettings: [SwiftSetting] = []
) -> Target {
    .target(
        name: name, dependencies: dependencies, path: "Vendor/\(package)/Sources/\(name)", exclude: exclude,
        cSettings: cSettings, swiftSettings: [.swiftLanguageMode(.v5)] + swiftSettings)
}

let gnu: [CSetting] = [.define("_GNU_SOURCE")]

let package = Package(
    name: "Servers",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "timerlab", path: "../..")],
    targets: [
        vendored("swift-atomics", "_AtomicsShims", exclude: ["CMakeLists.txt"]),
        vendored(
            "swift-atomics", "Atomics", dependencies: ["_AtomicsShims"],
            exclude: [
                "CMakeLists.txt", "Conformances/AtomicBool.swift.gyb", "Conformances/IntegerConformances.swift.gyb",
                "Conformances/PointerConformances.swift.gyb", "Primitives/Primitives.native.swift.gyb",
                "Types/IntegerOperations.swift.gyb",
            ],
            swiftSettings: [.enableExperimentalFeature("BuiltinModule")]),
        vendored("swift-collections", "InternalCollectionsUtilities", exclude: ["CMakeLists.txt"], swiftSettings: collectionsSettings),
        vendored(
            "swift-collections", "ContainersPreview", dependencies: ["InternalCollectionsUtilities"], exclude: ["CMakeLists.txt"],
            swiftSettings: collectionsSettings),
        vendored(
            "swift-collections", "DequeModule", dependencies: ["ContainersPreview", "InternalCollectionsUtilities"],
            exclude: ["CMakeLists.txt"], swiftSettings: collectionsSettings),
        vendored("swift-nio", "CNIOAtomics", cSettings: gnu),
        vendored("swift-nio", "CNIOLinux", cSettings: gnu),
        vendored("swift-nio", "CNIOPosix", cSettings: gnu),
        vendored("swift-nio", "CNIODarwin", cSettings: [.define("__APPLE_USE_RFC_3542")]),
        vendored("swift-nio", "CNIOWindows"),
        vendored("swift-nio", "CNIOOpenBSD"),
        vendored("swift-nio", "CNIOFreeBSD"),
        vendored("swift-nio", "CNIOWASI"),
        vendored("swift-nio", "NIOConcurrencyHelpers", dependencies: ["CNIOAtomics"], swiftSettings: nioSettings),
        vendored("swift-nio", "_NIODataStructures", swiftSettings: nioSettings),
        vendored("swift-nio", "_NIOBase64", swiftSettings: nioSettings),
        vendored(
            "swift-nio", "NIOCore",
            dependencies: [
                "NIOConcurrencyHelpers", "_NIOBase64", "CNIOOpenBSD", "CNIOFreeBSD", "CNIODarwin", "CNIOLinux", "CNIOWindows",
                "CNIOWASI", "_NIODataStructures", "DequeModule", "Atomics",
            ],
            swiftSettings: nioSettings),
        vendored(
            "swift-nio", "NIOPosix",
            dependencies: [
                "CNIOOpenBSD", "CNIOLinux", "CNIODarwin", "CNIOWindows", "NIOConcurrencyHelpers", "NIOCore", "_NIODataStructures",
                "CNIOPosix", "Atomics",
            ],
            exclude: ["PrivacyInfo.xcprivacy"], swiftSettings: nioSettings),
        // Server types written as a Vapor- or Hummingbird-style service writes them.
        .target(name: "Servers", dependencies: ["NIOCore", "NIOPosix"]),
        .testTarget(
            name: "ServersTests",
            dependencies: ["Servers", "NIOCore", "NIOPosix", .product(name: "TimerLabTesting", package: "timerlab")]),
    ]
)
