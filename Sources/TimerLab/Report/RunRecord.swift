import Foundation

/// One scenario's result as plain data: what the renderers print and what `check` reads back.
///
/// `timerlab leak --format json` prints these; `check` runs each scenario in a child process and
/// decodes its JSON into the same type, so a result looks the same however it was produced.
public struct RunRecord: Codable, Sendable, Equatable {
    /// The three facts as plain values.
    public struct Facts: Codable, Sendable, Equatable {
        public var owner: String
        public var fired: Bool
        public var afterRelease: String
    }

    /// The expectation compared against, and the platform it is for.
    public struct Expected: Codable, Sendable, Equatable {
        public var owner: String
        public var fired: Bool
        public var afterRelease: String
        /// The platform whose expectation this is (`Linux` or `Apple platforms`).
        public var platform: String
        /// The other platform's expectation, when it differs.
        public var otherPlatform: Facts?

        /// Creates the record of an expectation's facts.
        public init(owner: String, fired: Bool, afterRelease: String, platform: String, otherPlatform: Facts?) {
            self.owner = owner
            self.fired = fired
            self.afterRelease = afterRelease
            self.platform = platform
            self.otherPlatform = otherPlatform
        }

        /// The record of `expectation` as it applies on `platform`, naming the other platform's
        /// expectation where it differs.
        public init(_ expectation: Expectation, on platform: Platform = .current) {
            let here = expectation.on(platform)
            let there = expectation.on(platform.other)
            self.init(
                owner: here.owner.rawValue, fired: here.fired, afterRelease: here.afterRelease.rawValue,
                platform: platform.rawValue,
                otherPlatform: expectation.differsByPlatform
                    ? Facts(owner: there.owner.rawValue, fired: there.fired, afterRelease: there.afterRelease.rawValue)
                    : nil)
        }
    }

    /// One object's lifetime.
    public struct Lifetime: Codable, Sendable, Equatable {
        public var kind: String
        public var freed: Bool
    }

    /// Lifetimes of the owner, the timer object and the intermediate.
    public struct Lifetimes: Codable, Sendable, Equatable {
        public var owner: Lifetime
        public var timer: Lifetime?
        public var intermediate: Lifetime?

        // Written as `null` where there is no such object, like every optional fact.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(owner, forKey: .owner)
            try container.encode(timer, forKey: .timer)
            try container.encode(intermediate, forKey: .intermediate)
        }
    }

    /// Lateness of ticks against the ideal schedule, in milliseconds.
    public struct LatenessMs: Codable, Sendable, Equatable {
        public var median: Double
        public var max: Double
    }

    /// A fact on which observation and expectation differ.
    public struct Mismatch: Codable, Sendable, Equatable {
        public var fact: String
        public var expected: String
        public var observed: String
    }

    public var scenario: String
    public var family: String
    public var articles: [String]
    public var owner: String
    public var fired: Bool
    public var afterRelease: String
    public var firesBeforeRelease: Int
    public var firesAfterRelease: Int
    public var freedOnceStopped: Bool?
    public var ownerDeinitRan: Bool
    public var lifetimes: Lifetimes
    public var latenessMs: LatenessMs?
    /// The tolerance the scenario asked for, in milliseconds.
    public var toleranceMs: Double
    public var expected: Expected
    public var asExpected: Bool
    public var mismatches: [Mismatch]
    /// Where Linux differs from the articles for this scenario, if it does.
    public var linuxNote: String?
    public var ticks: Int
    public var tickTarget: Int
    public var interval: Double
    public var grace: Int

    // Optional facts are written as `null`, not left out: every result carries every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(family, forKey: .family)
        try container.encode(articles, forKey: .articles)
        try container.encode(owner, forKey: .owner)
        try container.encode(fired, forKey: .fired)
        try container.encode(afterRelease, forKey: .afterRelease)
        try container.encode(firesBeforeRelease, forKey: .firesBeforeRelease)
        try container.encode(firesAfterRelease, forKey: .firesAfterRelease)
        try container.encode(freedOnceStopped, forKey: .freedOnceStopped)
        try container.encode(ownerDeinitRan, forKey: .ownerDeinitRan)
        try container.encode(lifetimes, forKey: .lifetimes)
        try container.encode(latenessMs, forKey: .latenessMs)
        try container.encode(toleranceMs, forKey: .toleranceMs)
        try container.encode(expected, forKey: .expected)
        try container.encode(asExpected, forKey: .asExpected)
        try container.encode(mismatches, forKey: .mismatches)
        try container.encode(linuxNote, forKey: .linuxNote)
        try container.encode(ticks, forKey: .ticks)
        try container.encode(tickTarget, forKey: .tickTarget)
        try container.encode(interval, forKey: .interval)
        try container.encode(grace, forKey: .grace)
    }
}

extension RunRecord {
    /// The record of an observation.
    public init(_ observation: Observation) {
        let scenario = observation.scenario
        self.init(
            scenario: scenario.name,
            family: scenario.family.rawValue,
            articles: scenario.articles.map(\.rawValue),
            owner: observation.outcome.owner.rawValue,
            fired: observation.outcome.fired,
            afterRelease: observation.outcome.afterRelease.rawValue,
            firesBeforeRelease: observation.firesBeforeRelease,
            firesAfterRelease: observation.firesAfterRelease,
            freedOnceStopped: observation.freedOnceStopped,
            ownerDeinitRan: observation.ownerDeinitRan,
            lifetimes: Lifetimes(
                owner: Lifetime(kind: "owner", freed: observation.outcome.owner == .freed),
                timer: observation.lifetimes.timer.map { Lifetime(kind: $0.name, freed: $0.freed) },
                intermediate: observation.lifetimes.intermediate.map { Lifetime(kind: $0.name, freed: $0.freed) }),
            latenessMs: observation.lateness.map { LatenessMs(median: $0.medianMs, max: $0.maxMs) },
            toleranceMs: observation.requestedTolerance * 1000,
            expected: Expected(scenario.expectation),
            asExpected: observation.asExpected,
            mismatches: observation.differences.map {
                Mismatch(fact: $0.fact.rawValue, expected: $0.expected, observed: $0.observed)
            },
            linuxNote: scenario.linuxNote,
            ticks: observation.settings.ticks,
            tickTarget: observation.tickTarget,
            interval: observation.settings.interval,
            grace: observation.settings.grace)
    }
}
