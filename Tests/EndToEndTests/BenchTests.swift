import Foundation
import FoundationXML
import Testing
import TimerLabHarness

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
        // Columns by name, as the README says to select them.
        let (mechanisms, ks, values) = (
            FaultTests.column("mechanism", of: result.out), FaultTests.column("k", of: result.out),
            FaultTests.column("value", of: result.out)
        )
        func perOwner(_ label: String) -> Double? {
            mechanisms.indices.last { mechanisms[$0] == label && ks[$0] == "1000" }.flatMap { Double(values[$0]) }
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

    /// Percent of one core can reach the number of cores times 100, never more: only the
    /// watched window is measured, against the wall time that actually passed.
    @Test func cpuNeverExceedsWhatTheCoresCanDo() async throws {
        let result = await BinaryRunner.run(["bench", "cpu", "--sizes", "2000", "--format", "tsv"], timeLimit: 120)
        #expect(result.status == 0, "\(result.err)")
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        let figures = FaultTests.column("value", of: result.out).compactMap { Double($0) }
        #expect(figures.count == 4)
        #expect(figures.allSatisfy { $0 >= 0 && $0 <= cores * 100 * 1.01 }, "\(figures) on \(cores) cores")
    }

    /// Too few descriptors for even one point: every series is still a row, cut with the reason;
    /// the failure is one line after what was measured, status 71, never a signal.
    @Test func tooFewDescriptorsCutEverySeriesAndExit71() async {
        let (result, folder) = await FaultTests.shell("ulimit -n 10; $TL bench cpu --quick --format tsv")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 71, "\(result.status) \(result.err)")
        #expect(!result.signalled && FaultTests.noBacktrace(result))
        #expect(result.err.hasPrefix("error: bench stopped: too few file descriptors: the next point needs at least "))
        #expect(result.err.split(separator: "\n").count == 1)
        #expect(FaultTests.column("mechanism", of: result.out) == ["run loop", "one GCD queue", "a queue per owner", "task loops"])
        #expect(FaultTests.column("k", of: result.out).allSatisfy { $0 == "-" })
        #expect(FaultTests.column("cut", of: result.out).allSatisfy { $0.hasPrefix("not measured from K = 10: too few file descriptors") })
    }

    /// A low process limit (binding only an unprivileged user, so root runs a copy as `nobody`):
    /// bench ends within its bounds, with status 0 or 71, and a series it could not measure says so.
    @Test(.enabled(if: FaultTests.canRunAsNobody))
    func aLowProcessLimitEndsTheBenchWith71NotAHang() async {
        let (result, folder) = await FaultTests.asNobody("ulimit -u 12; ./timerlab bench --quick --format tsv", timeLimit: 120)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect([0, 71].contains(result.status), "\(result.status) \(result.err)")
        #expect(!result.signalled && FaultTests.noBacktrace(result))
        let cuts = FaultTests.column("cut", of: result.out)
        #expect(!cuts.isEmpty)
        if result.status == 71 {
            #expect(result.err.split(separator: "\n").count == 1)
            #expect(cuts.contains { $0.hasPrefix("not measured from K = ") }, "\(cuts)")
        }
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
