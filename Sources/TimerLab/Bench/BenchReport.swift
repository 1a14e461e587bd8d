import Foundation

/// What `timerlab bench` measured, on which machine, when: every figure measured in this run.
public struct BenchReport: Sendable, Equatable, Codable {
    /// The machine the figures come from.
    public var machine: Machine
    /// When the run started, ISO 8601.
    public var date: String
    /// The measurements, in the order asked for.
    public var measurements: [Measurement]

    /// The machine: cores, memory, system and Swift version.
    public struct Machine: Sendable, Equatable, Codable {
        public var cores: Int
        public var memoryBytes: UInt64
        public var operatingSystem: String
        public var swift: String

        /// This machine.
        public static var current: Machine {
            let info = ProcessInfo.processInfo
            #if swift(>=6.3)
            let swift = "6.3 or later"
            #elseif swift(>=6.0)
            let swift = "6.x"
            #else
            let swift = "unknown"
            #endif
            return Machine(
                cores: info.activeProcessorCount, memoryBytes: info.physicalMemory,
                operatingSystem: info.operatingSystemVersionString, swift: swift)
        }
    }
}

/// One measurement: a figure per mechanism and size.
public struct Measurement: Sendable, Equatable, Codable {
    /// Which one: `memory`, `stop`, `cpu`, `accuracy`.
    public var kind: BenchKind
    /// What a figure means, with its unit.
    public var unit: String
    /// One line per mechanism (or scenario).
    public var series: [Series]
}

/// One mechanism's figures across sizes.
public struct Series: Sendable, Equatable, Codable {
    /// The mechanism or scenario, such as `strong-target (leaked)` or `run loop, reverse order`.
    public var label: String
    /// A figure per size K, in increasing K.
    public var points: [Point]
    /// `over budget after N of K` when the measurement was cut; `null` otherwise.
    @Nullable public var cut: String?

    public init(label: String, points: [Point], cut: String? = nil) {
        self.label = label
        self.points = points
        self.cut = cut
    }
}

/// A figure at one size.
public struct Point: Sendable, Equatable, Codable {
    /// How many owners, timers or tasks.
    public var k: Int
    /// The figure, in the measurement's unit.
    public var value: Double
    /// A second figure where the measurement has one (the marginal cost per owner; the p99).
    @Nullable public var secondary: Double?
    /// A third (the share of requested fires achieved; the maximum).
    @Nullable public var tertiary: Double?

    public init(k: Int, value: Double, secondary: Double? = nil, tertiary: Double? = nil) {
        self.k = k
        self.value = value
        self.secondary = secondary
        self.tertiary = tertiary
    }
}

/// The measurements `timerlab bench` can make.
public enum BenchKind: String, Sendable, Codable, CaseIterable {
    case memory, stop, cpu, accuracy
}
