import Foundation
import Testing
import TimerLabHarness

/// The stress and bench scripts' arguments and their reading of timerlab's output.
@Suite struct ScriptTests {
    static func script(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/\(name)").path
    }

    static func run(_ name: String, _ arguments: [String], binary: BinaryRunner.Binary = .timerlab) async -> BinaryRunner.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["TIMERLAB"] = binary.url.path
        return await BinaryRunner.run(
            [script(name)] + arguments, executable: URL(fileURLWithPath: "/bin/bash"), environment: environment)
    }

    /// Every Swift listing of the README and the DocC catalog is the code of a compiled test or
    /// manifest of the consumer package, to the character.
    @Test func everyListingIsTheCodeItIsTakenFrom() async {
        let result = await Self.run("sync-listings.sh", ["--check"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.hasPrefix("checked the listings of"), "\(result.out)")
    }

    /// `--version`, the changelog and the DocC landing page name one version, and the check
    /// takes no argument.
    @Test func theVersionIsOneAndItsCheckTakesNoArgument() async {
        let result = await Self.run("version-check.sh", [])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.hasPrefix("version 0."), "\(result.out)")
        let version = await BinaryRunner.run(["--version"])
        #expect(
            result.out.hasPrefix("version \(version.out.dropFirst("timerlab ".count).trimmingCharacters(in: .whitespacesAndNewlines)):"))
        let misused = await Self.run("version-check.sh", ["now"])
        #expect(misused.status == 64 && misused.out.isEmpty, "\(misused.err)")
    }

    /// What a checking script says of the tree, of a folder holding `Planted.swift` with
    /// `planted`, and of the same folder with `allowed` instead: how its planted-line tests look.
    static func verdicts(
        of script: String, planted: String, allowed: String
    ) async throws -> (tree: BinaryRunner.Outcome, planted: BinaryRunner.Outcome, allowed: BinaryRunner.Outcome) {
        let tree = await run(script, [])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-plant-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Planted.swift")
        try planted.write(to: file, atomically: true, encoding: .utf8)
        let caught = await run(script, [folder.path])
        try allowed.write(to: file, atomically: true, encoding: .utf8)
        return (tree, caught, await run(script, [folder.path]))
    }

    /// The guard passes on the tree and fails on each Linux-only line planted outside a guard
    /// (and passes on the same line inside one): what keeps the harness, TimerLabTesting and the
    /// command line building where they are not tested.
    @Test(arguments: [
        "_ = Glibc.close(3)", "let names = [SIGPWR: \"SIGPWR\"]", "_ = SIGSTKFLT", "_ = SIGPOLL", #"_ = "/proc/self/fd""#,
        "var thread = pthread_t()", "let body = Unmanaged<Body>.fromOpaque(context!)",
    ])
    func theLinuxGuardCatchesAPlantedLine(_ line: String) async throws {
        let result = try await Self.verdicts(
            of: "linux-guard.sh", planted: "func planted() {\n    \(line)\n}\n",
            allowed: "#if os(Linux)\nfunc planted() {\n    \(line)\n}\n#endif\n")
        #expect(result.tree.status == 0, "\(result.tree.out)")
        #expect(result.planted.status == 1, "\(result.planted.out)")
        #expect(result.planted.out.contains("Planted.swift:2: Linux-only outside a guard"), "\(result.planted.out)")
        #expect(result.allowed.status == 0, "\(result.allowed.out)")
    }

    /// A C library call on a descriptor or a process in the command line is caught outside its
    /// system seam and let be inside it: EINTR is retried in one place.
    @Test(arguments: ["_ = fcntl(3, F_GETFL)", "_ = close(fd)", "_ = waitpid(pid, &status, 0)", "_ = timerlab_argc()"])
    func theSystemSeamCatchesARawCallInTheCommandLine(_ line: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-seam-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var verdicts: [Int32] = []
        for place in ["TimerLabCLI/Check", "TimerLabCLI/System"] {
            let file = folder.appendingPathComponent("\(place)/Planted.swift")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "func planted() {\n    \(line)\n}\n".write(to: file, atomically: true, encoding: .utf8)
            let result = await Self.run("linux-guard.sh", [file.deletingLastPathComponent().path])
            verdicts.append(result.status)
            if place.hasSuffix("Check") {
                #expect(result.out.contains("Planted.swift:2: a system call outside"), "\(result.out)")
            }
        }
        #expect(verdicts == [1, 0])
    }

    /// The harness's and TimerLabTesting's stages hold their order, and a call into a stage above
    /// the caller's is caught, while naming what that stage made is let be.
    @Test(arguments: ["_ = Made(seen: true)", "_ = Made.make()", "Made.run { print($0) }", "_ = Made.init(seen: true)"])
    func theStagesCheckCatchesACallIntoARoomAbove(_ line: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-stages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (stage, code) in [("First", "struct Made { var seen: Bool }"), ("Second", "func planted() {\n    \(line)\n}")] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(stage), withIntermediateDirectories: true)
            try code.write(to: folder.appendingPathComponent("\(stage)/\(stage).swift"), atomically: true, encoding: .utf8)
        }
        let tree = await Self.run("stages.sh", [])
        #expect(tree.status == 0 && tree.out.hasPrefix("stages in order:"), "\(tree.out)")
        let backward = await Self.run("stages.sh", [folder.path, "First,Second"])
        #expect(backward.status == 1, "\(backward.out)")
        #expect(backward.out.contains("Second.swift:2: calls First/Made, a stage above Second"), "\(backward.out)")
        let forward = await Self.run("stages.sh", [folder.path, "Second,First"])
        #expect(forward.status == 0, "\(forward.out)")
        try "func planted(_ made: Made) -> Bool {\n    made.seen\n}".write(
            to: folder.appendingPathComponent("Second/Second.swift"), atomically: true, encoding: .utf8)
        let named = await Self.run("stages.sh", [folder.path, "First,Second"])
        #expect(named.status == 0, "\(named.out)")
    }

    /// A stage not in the order is named, not passed over.
    @Test func theStagesCheckNamesARoomNotInTheOrder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-stages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Stray"), withIntermediateDirectories: true)
        try "struct Stray {}".write(to: folder.appendingPathComponent("Stray/Stray.swift"), atomically: true, encoding: .utf8)
        let result = await Self.run("stages.sh", [folder.path, "First"])
        #expect(result.status == 1)
        #expect(result.out.contains("/Stray: a stage not in the order First"), "\(result.out)")
        let misused = await Self.run("stages.sh", [folder.path])
        #expect(misused.status == 64 && misused.out.isEmpty, "\(misused.err)")
    }

    /// The glossary's retired words stand nowhere outside a deprecation, and each is caught
    /// when planted in a file (and let be beside a deprecation).
    @Test(arguments: [
        "let record: Observation? = nil", "_ = walk.find as PropertyWalk.Find", "let key = \"fires_before\"",
        "try assertFreed(Model())", "usage: --grace <ticks>", "await expectFreed(patience: .zero) { Model() } start: { _ in }",
        "@Test(.leakChecked(patience: .zero)) func t() {}", "trackForLeaks(model, patience: .zero)",
    ])
    func theRetiredWordsCheckCatchesAPlantedLine(_ line: String) async throws {
        let result = try await Self.verdicts(
            of: "retired-words.sh", planted: "import Observation\nlet values = Observations { 1 }\n\(line)\n",
            allowed: "// Deprecated: kept until 0.3.\n\(line)\n")
        #expect(result.tree.status == 0, "\(result.tree.out)")
        #expect(result.planted.status == 1, "\(result.planted.out)")
        #expect(result.planted.out.contains("Planted.swift:3: retired word"), "\(result.planted.out)")
        #expect(result.allowed.status == 0, "\(result.allowed.out)")
    }

    /// Sources/ stands on public ground but for the debts the list gives with their reasons, and
    /// each name, attribute or macro another module did not publish, and each read of memory as
    /// a layout, is caught when planted (and let be in a comment or a string).
    @Test(arguments: [
        "let value = __planted()", "@_implementationOnly import Planted", "let here = #_plantedLocation",
        "let raw = unsafeBitCast(type, to: UnsafeRawPointer.self)", "let word = base.load(fromByteOffset: 8, as: UInt.self)",
    ])
    func thePublicGroundCheckCatchesAPlantedLine(_ line: String) async throws {
        let result = try await Self.verdicts(
            of: "public-ground.sh", planted: "// Planted.\n\(line)\n",
            allowed: "let text = \"\(line.replacingOccurrences(of: "\"", with: ""))\"  // \(line)\n")
        #expect(result.tree.status == 0, "\(result.tree.out)")
        #expect(result.planted.status == 1, "\(result.planted.out)")
        #expect(result.planted.out.contains("Planted.swift:2: "), "\(result.planted.out)")
        #expect(result.allowed.status == 0, "\(result.allowed.out)")
    }

    @Test(arguments: [["flake-check.sh", "--check"], ["flake-check.sh"], ["bench-check.sh"]])
    func anEmptyRunCountIsRejectedNotTakenAsTheDefault(_ command: [String]) async {
        let result = await Self.run(command[0], Array(command.dropFirst()) + [""])
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("error: runs must be a positive whole number, not ''"))
    }

    @Test(arguments: [
        (["--rounds", "0"], "error: rounds must be a positive whole number, not '0'"),
        (["--processes", ""], "error: processes must be a positive whole number, not ''"),
        (["--sanitizer", "memory"], "error: no sanitizer named 'memory': none, address or thread"),
        (["--rounds"], "error: --rounds needs a value"),
    ])
    func theStressScriptRejectsABadArgumentBeforeBuilding(_ arguments: [String], _ message: String) async {
        let result = await Self.run("stress.sh", arguments)
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix(message), "\(result.err)")
    }

    @Test func flakeCheckOfCheckNamesWhatDifferedByColumnNameWithNoJunk() async {
        let result = await Self.run("flake-check.sh", ["--check", "1", "wrong-expectation", "gcd"], binary: .fixtures)
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "run 1: wrong-expectation (differs) ",
                "1 runs of timerlab check with \(ProcessInfo.processInfo.activeProcessorCount) busy loops: 1 with a mismatch",
            ])
        #expect(result.err.contains("error: not as documented: wrong-expectation (differs)"))
    }
}
