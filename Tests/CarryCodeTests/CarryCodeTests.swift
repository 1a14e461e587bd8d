import Foundation
import Testing

/// carry-code, run as `scripts/regenerate.sh` runs it, in a folder laid out as the repository
/// with the scenarios copied: it writes the file the repository commits, says when that file is
/// stale without touching it, and fails in one line where there is nothing to read.
@Suite(.timeLimit(.minutes(2))) struct CarryCodeTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let generated = "Sources/TimerLab/Explain/CarriedCode+Generated.swift"
    private static let scenarios = "Sources/TimerLab/Scenarios"

    /// What a finished run left.
    private struct Run {
        let status: Int32
        let out: String
        let err: String
    }

    /// A fresh folder with the scenarios copied (unless `scenarios` is false) and the generated
    /// file holding `text` (absent when `nil`); removed by `body`'s end.
    private func inWorkspace(generated text: String?, scenarios: Bool = true, _ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("carry-code-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let explain = root.appendingPathComponent(Self.generated).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: explain, withIntermediateDirectories: true)
        if scenarios {
            try FileManager.default.copyItem(
                at: Self.repository.appendingPathComponent(Self.scenarios), to: root.appendingPathComponent(Self.scenarios))
        }
        try text?.write(to: root.appendingPathComponent(Self.generated), atomically: true, encoding: .utf8)
        try body(root)
    }

    /// Runs the carry-code built beside this test bundle in `folder`; killed past 60 s.
    private func carryCode(_ arguments: [String], in folder: URL) throws -> Run {
        let bundle = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("carry-code")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let (out, err) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (out, err)
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        if ended.wait(timeout: .now() + 60) == .timedOut { process.terminate() }
        process.waitUntilExit()
        let text = { (pipe: Pipe) in String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        return Run(status: process.terminationStatus, out: text(out), err: text(err))
    }

    @Test func itWritesTheFileTheRepositoryCommits() throws {
        try inWorkspace(generated: nil) { root in
            let written = try carryCode([], in: root)
            #expect(written.status == 0 && written.err.isEmpty, "\(written)")
            #expect(written.out.hasPrefix("wrote "), "\(written)")
            let made = try String(contentsOf: root.appendingPathComponent(Self.generated), encoding: .utf8)
            let committed = try String(contentsOf: Self.repository.appendingPathComponent(Self.generated), encoding: .utf8)
            #expect(made == committed)
            let checked = try carryCode(["--check"], in: root)
            #expect(checked.status == 0 && checked.out.hasPrefix("up to date: "), "\(checked)")
        }
    }

    @Test func aStaleFileIsSaidAndLeftAsItWas() throws {
        try inWorkspace(generated: "// stale\n") { root in
            let checked = try carryCode(["--check"], in: root)
            #expect(checked.status == 1 && checked.out.isEmpty, "\(checked)")
            #expect(checked.err.hasPrefix("error: stale: ") && checked.err.hasSuffix("; run scripts/regenerate.sh\n"), "\(checked)")
            #expect(try String(contentsOf: root.appendingPathComponent(Self.generated), encoding: .utf8) == "// stale\n")
        }
    }

    @Test func aFolderWithoutScenariosFailsInOneLine() throws {
        try inWorkspace(generated: nil, scenarios: false) { root in
            let run = try carryCode([], in: root)
            #expect(run.status == 1 && run.out.isEmpty, "\(run)")
            #expect(run.err.hasPrefix("error: ") && run.err.split(separator: "\n").count == 1, "\(run)")
        }
    }
}
