import Foundation
import Testing

/// The built `timerlab` binary, run as a separate process, behaves as the README says.
@Suite struct EndToEndTests {
    @Test func theReadmesFirstCommandShowsALeak() async {
        let result = await BinaryRunner.run(["leak", "strong-target"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("strong-target  LEAKED"))
        #expect(result.err.isEmpty)
    }

    @Test func everyScenarioAsJSONIsAsExpected() async throws {
        let result = await BinaryRunner.run(["leak", "--all", "--format", "json"])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == 18)
        let unexpected = results.filter { $0["asExpected"] as? Bool != true }.compactMap { $0["scenario"] as? String }
        #expect(unexpected.isEmpty, "not as expected: \(unexpected)")
        for result in results {
            let name = result["scenario"] as? String ?? "?"
            #expect(result["freedOnceStopped"] is Bool || result["freedOnceStopped"] is NSNull, "\(name)")
            let lifetimes = result["lifetimes"] as? [String: Any]
            #expect(Set(lifetimes?.keys.map { $0 } ?? []) == ["owner", "timer", "intermediate"], "\(name)")
            #expect(result["latenessMs"] is [String: Any] || result["latenessMs"] is NSNull, "\(name)")
            #expect(result["toleranceMs"] is NSNumber, "\(name)")
            if result["fired"] as? Bool == true {
                let lateness = result["latenessMs"] as? [String: Any]
                #expect(lateness?["median"] is NSNumber && lateness?["max"] is NSNumber, "\(name)")
            }
        }
    }

    @Test func listPrintsTheCatalog() async {
        let result = await BinaryRunner.run(["list", "--format", "tsv"])
        #expect(result.status == 0)
        #expect(result.out.split(separator: "\n").count == 19)
    }

    @Test func aTypoExits64WithASuggestionAndNothingOnStandardOutput() async {
        let result = await BinaryRunner.run(["leak", "stong-target"])
        #expect(result.status == 64)
        #expect(!result.signalled)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("error: unknown scenario 'stong-target'; did you mean 'strong-target'?\n"))
        #expect(result.err.contains("See 'timerlab leak --help'"))
    }

    @Test func helpGoesToStandardOutput() async {
        let result = await BinaryRunner.run(["leak", "--help"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("OVERVIEW:"))
        #expect(result.err.isEmpty)
    }

    @Test func noColourWhenPiped() async {
        let result = await BinaryRunner.run(["leak", "gcd"])
        #expect(!result.out.contains("\u{1B}["))
    }
}
