import Foundation
import TestSupport
import Testing
import TimerLab
import TimerLabHarness

/// Completion scripts, loaded into the real shells, offer what the command table says.
@Suite struct CompletionTests {
    static func installed(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }
    /// bash, always; zsh and fish where installed or required (`shellsSkipped…` names a skip).
    static let testedShells = Shell.allCases.filter { $0.tool?.runs ?? true }
    static let binaryFolder = BinaryRunner.Binary.timerlab.url.deletingLastPathComponent().path
    static let zshDriver = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Support/zsh-complete.zsh").path

    /// The candidates `shell` offers for `line` (completion asked at its end) in `folder`, sorted.
    static func candidates(_ shell: Shell, _ line: String, in folder: String = ".") async throws -> [String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binaryFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let result: BinaryRunner.Outcome
        switch shell {
        case .bash:
            // As bash splits the line: at spaces, and around an '=' (COMP_WORDBREAKS).
            let words = line.split(separator: " ", omittingEmptySubsequences: false).flatMap { word -> [String] in
                guard let equals = word.firstIndex(of: "=") else { return [String(word)] }
                let after = word[word.index(after: equals)...]
                return [String(word[..<equals]), "="] + (after.isEmpty ? [] : [String(after)])
            }.map { "'\($0)'" }.joined(separator: " ")
            let script = """
                source <(timerlab completion bash); cd '\(folder)'
                COMP_WORDS=(\(words)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
                _timerlab; printf '%s\\n' "${COMPREPLY[@]}"
                """
            result = await BinaryRunner.run(["-c", script], executable: URL(fileURLWithPath: installed("bash")!), environment: environment)
        case .fish:
            result = await BinaryRunner.run(
                ["-c", "timerlab completion fish | source; cd '\(folder)'; complete -C'\(line)'"],
                executable: URL(fileURLWithPath: try OptionalTool.fish.require()), environment: environment)
        case .zsh:
            let script = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-\(UUID().uuidString).zsh")
            // BinaryRunner waits on a thread of its own: Process.waitUntilExit runs the current
            // thread's run loop, which on a shared pool thread would fire other tests' timers.
            let text = await BinaryRunner.run(["completion", "zsh"]).out
            try? text.write(to: script, atomically: false, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: script) }
            result = await BinaryRunner.run(
                [zshDriver, script.path, line, folder], executable: URL(fileURLWithPath: try OptionalTool.zsh.require()),
                environment: environment, timeLimit: 60)
        }
        return result.out.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.filter { !$0.isEmpty }.sorted()
    }

    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish

        /// The optional tool it is, or `nil` for bash, which every machine here has.
        var tool: OptionalTool? {
            switch self {
            case .bash: return nil
            case .zsh: return .zsh
            case .fish: return .fish
            }
        }
    }

    static let formats = ["events", "json", "svg", "text", "tsv"]

    @Test(arguments: testedShells)
    func scenarioNamesFormatsAndSubcommandsComplete(_ shell: Shell) async throws {
        let formatLine = shell == .zsh ? "timerlab leak --format=" : "timerlab leak --format "
        let cases = [
            ("timerlab leak strong-t", ["strong-target"]), (formatLine, Self.formats), ("timerlab ch", ["check"]),
            ("timerlab explain gcd", ["gcd", "gcd-strong"]),
        ]
        for (line, expected) in cases {
            let offered = try await Self.candidates(shell, line)
            #expect(offered == expected, "\(shell) offered \(offered) for '\(line)'")
        }
    }

    /// `--format=` completes its values in every shell (bash splits the word at the '=').
    @Test(arguments: testedShells)
    func aValueAfterAnEqualsSignCompletes(_ shell: Shell) async throws {
        let offered = try await Self.candidates(shell, "timerlab leak --format=")
        #expect(offered.map { $0.replacingOccurrences(of: "--format=", with: "") } == Self.formats, "\(shell): \(offered)")
    }

    /// `explain` takes one scenario: after it, no second one is offered.
    @Test(arguments: testedShells)
    func explainCompletesOneScenarioOnly(_ shell: Shell) async throws {
        #expect(try await Self.candidates(shell, "timerlab explain gcd-strong g") == [], "\(shell)")
        #expect(try await Self.candidates(shell, "timerlab leak gcd-strong gcd-s") == ["gcd-strong"], "\(shell)")
    }

    /// A file name with a space is one candidate, whole.
    @Test(arguments: testedShells)
    func aFileNameWithASpaceIsOneCandidate(_ shell: Shell) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-complete-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("my report.xml"))
        let offered = try await Self.candidates(shell, "timerlab check --output my", in: folder.path)
        #expect(offered.map { $0.replacingOccurrences(of: "\\ ", with: " ") } == ["my report.xml"], "\(shell): \(offered)")
    }

    /// zsh and fish each complete a subcommand; where one is absent this test is skipped by
    /// name (the parameterized tests above then leave that shell out).
    @Test(.enabled(if: OptionalTool.zsh.runs, OptionalTool.zsh.skipReason))
    func zshCompletesASubcommand() async throws {
        #expect(try await Self.candidates(.zsh, "timerlab ch") == ["check"])
    }

    @Test(.enabled(if: OptionalTool.fish.runs, OptionalTool.fish.skipReason))
    func fishCompletesASubcommand() async throws {
        #expect(try await Self.candidates(.fish, "timerlab ch") == ["check"])
    }

    @Test func theArgumentParserSpellingPrintsTheSameScript() async {
        let ours = await BinaryRunner.run(["completion", "zsh"])
        let theirs = await BinaryRunner.run(["--generate-completion-script", "zsh"])
        #expect(theirs.status == 0)
        #expect(theirs.out == ours.out)
    }

    @Test func bashRegistersTheFunction() async throws {
        let bash = try #require(Self.installed("bash"))
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Self.binaryFolder + ":" + (environment["PATH"] ?? "")
        let result = await BinaryRunner.run(
            ["-c", "source <(timerlab completion bash); complete -p timerlab"], executable: URL(fileURLWithPath: bash),
            environment: environment)
        #expect(result.out == "complete -F _timerlab timerlab\n")
    }

    @Test func anUnknownShellIsAUsageError() async {
        let result = await BinaryRunner.run(["completion", "powershell"])
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("error: unknown shell 'powershell' (choose from bash, zsh, fish)"))
    }
}

/// The manual page: valid roff, readable with man.
@Suite struct ManualPageTests {
    static func page() async -> String {
        await BinaryRunner.run(["help", "--man"]).out
    }

    @Test(
        .enabled(if: OptionalTool.groff.runs, OptionalTool.groff.skipReason),
        .enabled(if: OptionalTool.man.runs, OptionalTool.man.skipReason))
    func groffFindsNothingToWarnAbout() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-\(UUID().uuidString).1")
        try await Self.page().write(to: file, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await BinaryRunner.run(
            ["-man", "-ww", "-z", file.path], executable: URL(fileURLWithPath: try OptionalTool.groff.require()))
        #expect(result.status == 0)
        #expect(result.err.isEmpty, "\(result.err)")
        var environment = ProcessInfo.processInfo.environment
        environment["MANWIDTH"] = "80"
        let man = await BinaryRunner.run(
            ["-l", file.path], executable: URL(fileURLWithPath: try OptionalTool.man.require()), environment: environment)
        #expect(man.status == 0)
        #expect(man.out.contains("EXIT STATUS"))
    }

    @Test func theSectionsAreAllThere() async {
        let page = await Self.page()
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "EXAMPLES", "SEE ALSO"] {
            #expect(page.contains(".SH \(section)\n") || page.contains(".SH \"\(section)\"\n"), "\(section)")
        }
    }
}
