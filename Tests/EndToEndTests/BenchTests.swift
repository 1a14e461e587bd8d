import Foundation
import FoundationXML
import Testing

/// `timerlab bench`, run small: every format well formed, every figure measured, and the one shape
/// no noise can turn around (a leaked owner holds more heap than a freed GCD owner).
@Suite(.serialized) struct BenchTests {
    static let small = ["--sizes", "200,1000"]

    @Test func jsonCarriesEveryMeasurementTheMachineAndFiniteFigures() async throws {
        let result = await BinaryRunner.run(["bench", "--quick", "--format", "json"], timeLimit: 120)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.isEmpty, "progress only on a terminal")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let machine = try #require(document["machine"] as? [String: Any])
        #expect((machine["cores"] as? Int ?? 0) >= 1)
        #expect(document["date"] is String)
        let measurements = try #require(document["measurements"] as? [[String: Any]])
        #expect(measurements.map { $0["kind"] as? String } == ["memory", "stop", "cpu", "accuracy"])
        for measurement in measurements {
            let series = try #require(measurement["series"] as? [[String: Any]])
            #expect(!series.isEmpty)
            for line in series {
                let points = try #require(line["points"] as? [[String: Any]])
                for point in points {
                    let value = try #require(point["value"] as? Double)
                    #expect(value.isFinite)
                }
            }
        }
    }

    @Test func aLeakedOwnerHoldsMoreHeapThanAFreedGCDOwner() async throws {
        let result = await BinaryRunner.run(["bench", "memory", "--format", "tsv"] + Self.small, timeLimit: 120)
        #expect(result.status == 0, "\(result.err)")
        let rows = result.out.split(separator: "\n").dropFirst().map { $0.split(separator: "\t").map(String.init) }
        func perOwner(_ label: String) -> Double? {
            rows.last { $0[1] == label && $0[2] == "1000" }.flatMap { Double($0[3]) }
        }
        let leaked = try #require(perOwner("strong-target (leaked)"))
        let freed = try #require(perOwner("gcd (freed)"))
        #expect(leaked > 200)
        #expect(leaked > freed * 2)
    }

    @Test func svgHasAChartPerMeasurementAndParses() async throws {
        let result = await BinaryRunner.run(["bench", "stop", "accuracy", "--format", "svg"] + ["--sizes", "10,100"], timeLimit: 120)
        #expect(result.status == 0, "\(result.err)")
        let document = try XMLDocument(data: Data(result.out.utf8))
        let charts = try document.nodes(forXPath: "//*[local-name()='g'][@class='chart']/@data-measurement").compactMap(\.stringValue)
        #expect(charts == ["stop", "accuracy"])
        #expect(try document.nodes(forXPath: "//*[local-name()='g'][@class='series']").count == 5 + 3)
    }

    @Test(arguments: [
        (["bench", "memroy"], "unknown measurement 'memroy'; did you mean 'memory'?"),
        (["bench", "--sizes", "10,x"], "--sizes takes whole numbers from 1 to 1000000, separated by commas, not '10,x'"),
        (["bench", "--sizes", "0"], "--sizes takes whole numbers from 1 to 1000000"),
        (["bench", "--format", "png"], "'png' is not a valid value for '--format'"),
    ])
    func badArgumentsAreUsageErrors(_ arguments: [String], _ message: String) async {
        let result = await BinaryRunner.run(arguments)
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("error: ") && result.err.contains(message), "\(result.err)")
    }
}
