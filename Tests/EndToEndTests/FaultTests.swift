import Foundation
import Testing
import TimerLab
import TimerLabHarness

/// timerlab under faults and hostile input, as a user's shell would produce them.
///
/// Each case runs the built binary through `bash -c`, so redirections, closed descriptors, ignored
/// signals and resource limits are exactly the shell's. The destructive cases of the issue (device
/// nodes, `/dev/stdout`) are played on a temporary symbolic link, FIFO and read-only file.
@Suite struct FaultTests {
    static let timerlab = BinaryRunner.Binary.timerlab.url.path

    /// Runs `script` in bash with `$TL` naming the binary, in a fresh temporary folder.
    static func shell(_ script: String, timeLimit: TimeInterval = 60) async -> (BinaryRunner.Outcome, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-fault-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TL"] = timerlab
        let result = await BinaryRunner.run(
            ["-c", "cd '\(folder.path)' || exit 99\n\(script)"], executable: URL(fileURLWithPath: "/bin/bash"),
            environment: environment, timeLimit: timeLimit)
        return (result, folder)
    }

    /// No Swift crash report or backtrace in either stream.
    static func noBacktrace(_ result: BinaryRunner.Outcome) -> Bool {
        !(result.out + result.err).contains("Backtracing") && !(result.out + result.err).contains("Fatal error")
            && !(result.out + result.err).contains("Program crashed")
    }

    // MARK: check --output

    @Test func outputFollowsASymbolicLinkAndKeepsIt() async throws {
        let (result, folder) = await Self.shell(
            "echo old > real.txt && ln -s real.txt link.txt && $TL check gcd --output link.txt")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.err)")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.txt").path)
        #expect(link == "real.txt")
        let written = try String(contentsOf: folder.appendingPathComponent("real.txt"), encoding: .utf8)
        #expect(written.hasPrefix("PASS  gcd"))
    }

    @Test func outputNeverOverwritesAReadOnlyFile() async throws {
        let (result, folder) = await Self.shell("echo keep > ro.txt && chmod 444 ro.txt && $TL check gcd --output ro.txt")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 74)
        #expect(result.out.isEmpty)
        #expect(result.err == "error: --output 'ro.txt' is read-only; timerlab does not overwrite it\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("ro.txt"), encoding: .utf8) == "keep\n")
    }

    @Test func outputWritesIntoAFIFOWithAReaderAndRefusesOneWithout() async throws {
        let (result, folder) = await Self.shell(
            """
            mkfifo fifo
            $TL check gcd --output fifo; echo "alone=$?"
            cat fifo > read.txt & reader=$!
            # Wait until the reader is blocked opening the FIFO (the event), so check meets a reader.
            until grep -qs wait_for_partner /proc/$reader/wchan || grep -qs '^257 ' /proc/$reader/syscall; do :; done
            $TL check gcd --output fifo; echo "read=$?"
            wait $reader
            test -p fifo && echo "still a fifo"
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.out.contains("alone=74"))
        #expect(result.err.contains("error: --output 'fifo' is a FIFO that no process is reading"))
        #expect(result.out.contains("read=0"))
        #expect(result.out.contains("still a fifo"))
        #expect(try String(contentsOf: folder.appendingPathComponent("read.txt"), encoding: .utf8).hasPrefix("PASS  gcd"))
    }

    @Test func outputDashIsStandardOutputAndATrailingSlashNamesNoFile() async {
        let (dash, dashFolder) = await Self.shell("$TL check gcd --output - && ls")
        defer { try? FileManager.default.removeItem(at: dashFolder) }
        #expect(dash.status == 0)
        #expect(dash.out.hasPrefix("PASS  gcd"))
        #expect(!dash.out.contains("\n-\n"), "a file named '-' was created")
        let (slash, slashFolder) = await Self.shell("$TL check gcd --output newdir/; echo \"status=$?\"; ls")
        defer { try? FileManager.default.removeItem(at: slashFolder) }
        #expect(slash.out.hasPrefix("status=64\n"))
        #expect(!slash.out.contains("newdir"))
        #expect(slash.err.hasPrefix("error: --output 'newdir/' names a directory; give a file name\n"))
    }

    @Test func anArgumentThatIsNotUTF8IsRefusedNotRenamed() async {
        let (result, folder) = await Self.shell("$TL check gcd --output $'bad\\xff.txt'; echo \"status=$?\"; ls | wc -l")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.out == "status=64\n0\n")
        #expect(result.err.hasPrefix("error: argument 4 ('bad\\xFF.txt') is not valid UTF-8"))
    }

    // MARK: Standard output and error

    struct StreamCase: Sendable, CustomTestStringConvertible {
        let script: String
        let status: Int32
        let error: String
        var testDescription: String { script }
    }

    static let streamCases = [
        StreamCase(script: "$TL list > /dev/full", status: 74, error: "error: cannot write to standard output: No space left on device\n"),
        StreamCase(script: "$TL list >&-", status: 74, error: "error: cannot write to standard output: Bad file descriptor\n"),
        StreamCase(script: "trap '' PIPE; $TL list | true; exit ${PIPESTATUS[0]}", status: 74, error: ""),
        // With SIGPIPE at its default too, and more output than a pipe holds: quiet 74, never 141.
        StreamCase(
            script:
                "trap - PIPE; $TL leak gcd --format events --ticks 2000 --interval 0.001 | head -c 1 > /dev/null; exit ${PIPESTATUS[0]}",
            status: 74, error: ""),
        StreamCase(script: "$TL leak nosuch 2>&-", status: 64, error: ""),
        StreamCase(
            script: "$TL leak gcd --format json > /dev/full", status: 74,
            error: "error: cannot write to standard output: No space left on device\n"),
        // Through a temporary link: the link is followed to the device and stays a link.
        StreamCase(
            script: "ln -s /dev/full full && $TL check gcd --output full; status=$?; test -L full || exit 99; exit $status",
            status: 74, error: "error: cannot write to 'full': No space left on device\n"),
    ]

    @Test(arguments: streamCases)
    func aFailedWriteEndsWithAStatusAndOneLineNeverABacktrace(_ testCase: StreamCase) async {
        let (result, folder) = await Self.shell(testCase.script)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == testCase.status)
        #expect(!result.signalled)
        #expect(result.out.isEmpty)
        #expect(result.err == testCase.error)
        #expect(Self.noBacktrace(result))
    }

    @Test func controlCharactersInAnArgumentAreShownEscaped() async {
        let (result, folder) = await Self.shell("$TL leak $'\\e]0;title\\a'")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 64)
        #expect(!result.err.contains("\u{1B}") && !result.err.contains("\u{7}"))
        #expect(result.err.hasPrefix("error: unknown scenario '\\u{1B}]0;title\\u{7}'"))
    }

    // MARK: Interrupts and children

    /// Under a small address space (`ulimit -v`) a command works or refuses in one line with 71:
    /// never a signal, never a backtrace.
    @Test(arguments: ["leak --all", "bench --quick", "check strong-target gcd"])
    func aSmallAddressSpaceIsOneLineNeverASignal(_ command: String) async {
        let (result, folder) = await Self.shell(
            """
            for mb in 80 100 140; do
                (ulimit -v $((mb * 1024)); $TL \(command) > /dev/null 2> err.txt); status=$?
                echo "$mb: status=$status lines=$(grep -c . err.txt)"; cat err.txt >&2
            done
            """, timeLimit: 300)
        defer { try? FileManager.default.removeItem(at: folder) }
        for line in result.out.split(separator: "\n") {
            let fine =
                line.hasSuffix("status=0 lines=0") || line.hasSuffix("status=71 lines=1")
                || (command.hasPrefix("check") && line.hasSuffix("status=1 lines=1"))
            #expect(fine, "\(command): \(line)\n\(result.err)")
        }
        #expect(result.out.split(separator: "\n").count == 3, "\(result.out)")
        #expect(Self.noBacktrace(result))
    }

    /// check's quiet limit, as its README names it: a child silent this long is killed.
    static let quietLimit: Double = 8

    /// A shell loop that waits for `condition` to hold, for `seconds` at most: the event, not a fixed time.
    static func waitUntil(_ condition: String, seconds: Int = 20) -> String {
        "end=$((SECONDS + \(seconds))); until \(condition) || [ $SECONDS -ge $end ]; do sleep 0.01; done"
    }

    /// A `check` slow enough to interrupt, marked by an interval no other test uses, and the
    /// command that counts its children (anchored on the binary, so it never counts a shell).
    static func slowCheck(marker interval: String) -> (start: String, children: String) {
        // `[t]imerlab` matches a child's command line and never the shell's own, which holds the pattern.
        ("$TL check --ticks 40 --interval \(interval)", "pgrep -f -- \"[t]imerlab leak .*--interval \(interval)\" | wc -l")
    }

    @Test(arguments: [("INT", 130, "0.0991"), ("TERM", 143, "0.0992"), ("HUP", 129, "0.0993")])
    func anInterruptedCheckEndsItsChildrenAndExitsWithTheSignal(_ signal: String, _ status: Int32, _ marker: String) async {
        let check = Self.slowCheck(marker: marker)
        let (result, folder) = await Self.shell(
            """
            \(check.start) > /dev/null 2> err.txt & parent=$!
            \(Self.waitUntil("[ \"$(\(check.children))\" -gt 0 ]"))
            echo "running=$(\(check.children))"
            kill -\(signal) $parent; wait $parent; echo "status=$?"
            echo "left=$(\(check.children))"; cat err.txt >&2
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(!result.out.contains("running=0\n"), "no child was running to interrupt")
        #expect(result.out.contains("status=\(status)\n"))
        #expect(result.out.contains("left=0\n"))
        #expect(result.err.hasPrefix("error: interrupted by signal"))
    }

    /// `check` killed outright at random moments of its first second, forty times, while its
    /// children start: none outlives it. A child started as its parent died finds its parent gone
    /// once it asks to die with it; a child that had asked is killed by the kernel. Each child
    /// would run for a minute on its own, so one left over is still there when counted 20 s later
    /// (the bound leaves a child on a loaded machine time to load). Six scenarios a round: enough
    /// children starting side by side to meet the moment one is being spawned as `check` dies,
    /// few enough not to load the machine for the tests beside it. In the same shell a user's
    /// exported variable, naming a real pipe, changes nothing.
    @Test func childrenDieWithACheckKilledOutrightAtAnyMoment() async {
        let (result, folder) = await Self.shell(
            """
            left=0 seen=0
            children='pgrep -f -- "[t]imerlab leak .*--interval 0.0994" | wc -l'
            for round in $(seq 1 40); do
                $TL check gcd proxy strong-target weak-timer temp-target block-invalidated \
                    --ticks 600 --interval 0.0994 > /dev/null 2>&1 & parent=$!
                sleep 0.$(printf '%03d' $((RANDOM % 1000)))
                seen=$((seen + $(eval $children)))
                kill -KILL $parent; wait $parent 2>/dev/null
                \(Self.waitUntil("[ \"$(eval $children)\" -eq 0 ]", seconds: 20))
                left=$((left + $(eval $children)))
            done
            echo "seen=$seen left=$left"
            true | { ino=$(stat -L -c %i /proc/self/fd/0); TIMERLAB_CHECK_CHILD="$$:1:$ino" $TL list --format tsv | head -1; }
            """, timeLimit: 300)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.out.contains(" left=0\n"), "\(result.out) \(result.err)")
        #expect(!result.out.hasPrefix("seen=0 "), "no child was ever running when check was killed: \(result.out)")
        #expect(result.out.contains("\nscenario\t"), "a user's variable stopped the command: \(result.out)")
    }

    /// A child that stops (SIGSTOP) is reported timed out once it has been silent for the quiet
    /// limit, named in the detail; the others keep their results. The runs last about 10 s, so
    /// the child is still running when it is found on a loaded machine (at 2 s they had
    /// sometimes ended by the time the stop was sent).
    @Test func aStoppedChildIsReportedTimedOutByItsSilence() async {
        let (result, folder) = await Self.shell(
            """
            $TL check gcd proxy strong-target --ticks 1000 --interval 0.0096 --format tsv > out.tsv 2> err.txt & parent=$!
            \(Self.waitUntil("pgrep -P $parent -f -- \"leak proxy\" > /dev/null"))
            kill -STOP $(pgrep -P $parent -f -- "leak proxy"); wait $parent; echo "status=$?"; cat out.tsv
            """, timeLimit: 120)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.out.hasPrefix("status=1\n"), "\(result.out)")
        let report = result.out.split(separator: "\n").dropFirst().joined(separator: "\n")
        #expect(Self.column("status", of: report) == ["pass", "timed-out", "pass"], "\(report)")
        #expect(report.contains("killed after 8.0 s without progress (stopped or hung)"), "\(report)")
    }

    /// A child that keeps working is never killed, however long its run and however loaded the
    /// machine: 500 ticks under one busy loop per core.
    @Test func aChildThatKeepsProgressingIsNeverKilled() async {
        let (result, folder) = await Self.shell(
            """
            busy=""
            for core in $(seq 1 $(nproc)); do bash -c 'while [ $SECONDS -lt 60 ]; do :; done' & busy="$busy $!"; done
            $TL check gcd --ticks 500 --format tsv > out.tsv; echo "status=$?"; cat out.tsv
            kill -KILL $busy; wait $busy 2>/dev/null; true
            """, timeLimit: 120)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.out.hasPrefix("status=0\n"), "\(result.out) \(result.err)")
    }

    // MARK: Resources

    @Test func tooFewDescriptorsIsOneLineAndAStatusNotACrash() async {
        let (leak, leakFolder) = await Self.shell("ulimit -n 12; $TL leak --all")
        defer { try? FileManager.default.removeItem(at: leakFolder) }
        #expect(leak.status == 71)
        #expect(leak.out.isEmpty)
        #expect(leak.err.split(separator: "\n").count == 1)
        #expect(leak.err.contains("too few file descriptors"))
        #expect(Self.noBacktrace(leak))
        let (check, checkFolder) = await Self.shell("ulimit -n 12; $TL check")
        defer { try? FileManager.default.removeItem(at: checkFolder) }
        // Each child gets as far as its own count of descriptors, and says it needs more.
        #expect(check.status == 71)
        #expect(check.err.hasPrefix("error: could not run \(Catalog.all.count) of \(Catalog.all.count) scenarios: the system refused"))
        let failures = check.out.split(separator: "\n").filter { $0.hasPrefix("FAIL  ") }
        #expect(failures.count == Catalog.all.count)
        #expect(failures.allSatisfy { $0.contains(" error: ") }, "a shortage was reported as an observation")
        #expect(Self.noBacktrace(check))
    }

    /// Descriptor limits around batch boundaries (59 and 60 trapped in CoreFoundation once): every
    /// run completes as expected, or the command refuses in one line; never a signal.
    @Test(arguments: [20, 40, 59, 60])
    func fewDescriptorsGiveAsExpectedResultsOrOneLineNeverASignal(_ limit: Int) async {
        let (result, folder) = await Self.shell("ulimit -n \(limit); $TL leak --all --format tsv")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect([0, 71].contains(result.status), "ulimit -n \(limit): \(result.status) \(result.err)")
        #expect(!result.signalled && Self.noBacktrace(result))
        if result.status == 71 {
            #expect(result.err.split(separator: "\n").count == 1)
        }
        let rows = Self.column("as_expected", of: result.out)
        #expect(result.status == 71 || rows.count == Catalog.all.count)
        #expect(rows.allSatisfy { $0 == "yes" }, "ulimit -n \(limit): \(rows)")
    }

    /// The values of the TSV column named `name`, selected by its header as the README says.
    static func column(_ name: String, of tsv: String) -> [Substring] {
        let lines = tsv.split(separator: "\n")
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false),
            let index = header.firstIndex(of: Substring(name))
        else { return [] }
        return lines.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false)[index] }
    }

    /// The one run as `nobody` at a time (`asNobody`).
    private static let nobodyRuns = DispatchSemaphore(value: 1)

    /// Whether a test can run the binary as an unprivileged user (root becomes `nobody` with setpriv).
    static let canRunAsNobody = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// Runs the shell line `command` (with `./timerlab` for the binary) as `nobody` when root, from a
    /// copy of the binary in a fresh mode-755 folder: the checkout may be in a mode-700 home that
    /// user cannot enter. `command` holds no single quote.
    static func asNobody(_ command: String, timeLimit: TimeInterval = 60) async -> (BinaryRunner.Outcome, URL) {
        let user = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        // One at a time: a process limit counts every thread of the user, so runs side by side
        // (bench's `ulimit -u 12` beside check's `ulimit -u 5`) would take each other's.
        await withCheckedContinuation { (taken: CheckedContinuation<Void, Never>) in
            Thread {
                nobodyRuns.wait()
                taken.resume()
            }.start()
        }
        defer { nobodyRuns.signal() }
        return await shell(
            """
            d=$(mktemp -d) && chmod 755 "$d" && cp "$TL" "$d/timerlab" && chmod 755 "$d/timerlab" && cd "$d" || exit 99
            \(user)bash -c '\(command)'; s=$?; cd /; rm -rf "$d"; exit $s
            """, timeLimit: timeLimit)
    }

    /// A low process limit (it binds only an unprivileged user, so root tests as `nobody`): the run
    /// stays bounded and what could not run is an error of the tool, never a verdict.
    @Test(.enabled(if: canRunAsNobody))
    func aLowProcessLimitIsAnErrorOrAPassNeverAWrongVerdict() async {
        for limit in [5, 6] {
            let (check, folder) = await Self.asNobody("ulimit -u \(limit); ./timerlab check --format tsv", timeLimit: 120)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect([0, 70, 71].contains(check.status), "ulimit -u \(limit): \(check.status) \(check.err)")
            let statuses = Self.column("status", of: check.out)
            #expect(!statuses.isEmpty)
            #expect(statuses.allSatisfy { $0 == "pass" || $0 == "error" }, "ulimit -u \(limit): \(statuses)")
            #expect(Self.noBacktrace(check))
            let (leak, leakFolder) = await Self.asNobody("ulimit -u \(limit); ./timerlab leak --all --format tsv", timeLimit: 120)
            defer { try? FileManager.default.removeItem(at: leakFolder) }
            #expect([0, 71].contains(leak.status), "ulimit -u \(limit): \(leak.status) \(leak.err)")
            #expect(Self.column("as_expected", of: leak.out).allSatisfy { $0 == "yes" })
        }
    }
}

/// Process hygiene: signals a parent leaves behind, SIGQUIT, shared output files, file-size limits.
@Suite struct ProcessHygieneTests {
    static func shell(_ script: String) async -> (BinaryRunner.Outcome, URL) {
        await FaultTests.shell(script)
    }

    @Test func checkStartedWithSIGCHLDIgnoredStillSeesItsChildrenEnd() async {
        let (result, folder) = await Self.shell(
            """
            python3 -c 'import os,signal,sys; signal.signal(signal.SIGCHLD, signal.SIG_IGN); \
            os.execv(sys.argv[1], sys.argv[1:])' "$TL" check gcd proxy
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("2 scenarios: 2 as expected"))
    }

    /// Past start-up (the runtime's own handlers are replaced in main): `leak` has its runs'
    /// threads, `check` its children. Light commands: the load of this suite is the test's, not theirs.
    /// Each case's tick count is its own, so neither counts the other's processes as left over.
    @Test(arguments: [
        ("leak gcd strong-target --ticks 301", "[ \"$(ls /proc/$parent/task 2>/dev/null | wc -l)\" -gt 4 ]"),
        ("check gcd strong-target --ticks 302", "[ \"$(pgrep -f -- \"^$TL leak .*--ticks 302\" | wc -l)\" -gt 0 ]"),
    ])
    func sigquitEndsWith131AndNoBacktrace(_ command: String, _ started: String) async {
        let ticks = command.split(separator: " ").last.map(String.init) ?? ""
        let (result, folder) = await Self.shell(
            """
            $TL \(command) > /dev/null 2> err.txt & parent=$!
            \(FaultTests.waitUntil(started))
            kill -QUIT $parent; wait $parent; echo "status=$?"
            echo "left=$(pgrep -f -- "^$TL leak .*--ticks \(ticks)" | wc -l)"; cat err.txt >&2
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.out.contains("status=131\n"), "\(result.out) \(result.err)")
        #expect(result.out.contains("left=0\n"), "\(result.out)")
        #expect(FaultTests.noBacktrace(result))
    }

    /// A `check` stopped (Ctrl-Z, SIGSTOP) past its children's quiet limit while they finish:
    /// each child is reported by its own exit, not as timed out by the parent's clock. The stop is
    /// the fault, so its length is the quiet limit and 3 s more; what is waited for before it, and
    /// after it, are events.
    @Test func aStoppedCheckReportsItsChildrenByTheirExitNotItsClock() async {
        let deadline = Int(FaultTests.quietLimit) + 3
        let (result, folder) = await FaultTests.shell(
            """
            $TL check gcd proxy --ticks 60 --interval 0.05 --format tsv > out.tsv & parent=$!
            \(FaultTests.waitUntil("[ \"$(pgrep -P $parent | wc -l)\" -ge 1 ]"))
            kill -STOP $parent
            ended() { s=$(ps -o stat= --ppid $parent); [ -n "$s" ] && [ -z "$(echo "$s" | grep -v '^Z')" ]; }
            \(FaultTests.waitUntil("ended", seconds: 90))
            ended && echo "children ended while it was stopped" || ps -o pid,stat,etime,args --ppid $parent >&2
            sleep \(deadline); kill -CONT $parent; wait $parent; echo "status=$?"; cat out.tsv
            """, timeLimit: TimeInterval(deadline + 150))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.out.hasPrefix("children ended while it was stopped\nstatus=0\n"), "\(result.out) \(result.err)")
        let report = result.out.split(separator: "\n").dropFirst(2).joined(separator: "\n")
        #expect(FaultTests.column("status", of: report) == ["pass", "pass"], "\(report)")
    }

    /// Started with no arguments at all (argc 0): the overview, status 0, no trap.
    @Test func noArgumentsAtAllShowTheOverview() async {
        let result = await BinaryRunner.run(["--exec-with-no-arguments", FaultTests.timerlab], binary: .fixtures)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.hasPrefix("OVERVIEW: "))
        #expect(!result.signalled && FaultTests.noBacktrace(result))
    }

    /// Where procfs is not mounted (Swift's `CommandLine` then sees no arguments): `leak` runs
    /// what it was asked to, and `check` still finds its own binary for its children.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")))
    func withoutProcfsTheCommandLineStillCounts() async throws {
        let (probe, probeFolder) = await FaultTests.shell("unshare --mount true && echo can")
        defer { try? FileManager.default.removeItem(at: probeFolder) }
        try #require(probe.out == "can\n", "no mount namespace here: \(probe.err)")
        let (result, folder) = await FaultTests.shell(
            """
            unshare --mount bash -c 'mount -t tmpfs none /proc && $TL leak gcd --format tsv && $TL check proxy --format tsv'
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The rows too: a child that crashed says by which signal (CI saw `proxy` crash here once).
        #expect(result.status == 0, "\(result.err)\(result.out)")
        #expect(FaultTests.column("scenario", of: result.out) == ["gcd", "scenario", "proxy"])
        #expect(FaultTests.noBacktrace(result))
    }

    @Test func twoChecksWritingOneOutputLeaveOneWholeReport() async throws {
        let (result, folder) = await Self.shell(
            """
            $TL check --format junit --output r.xml > /dev/null & first=$!
            $TL check gcd --ticks 60 --format junit --output r.xml > /dev/null; wait $first
            xmllint --noout r.xml 2>&1 || python3 -c 'import sys,xml.dom.minidom as m; m.parse("r.xml")' && echo parsed
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.out.contains("parsed"), "\(result.out) \(result.err)")
    }

    @Test func aFileSizeLimitIsAnIOErrorInOneLineAndLeavesNoFragment() async throws {
        let (result, folder) = await Self.shell(
            "ulimit -f 1; $TL check --format junit --output r.xml; echo \"status=$?\"; stat -c %s r.xml")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.out.hasPrefix("status=74\n0\n"), "\(result.out)")
        #expect(result.err == "error: cannot write to 'r.xml': File too large\n")
    }

    @Test func theChildrensVariableSetByAUserChangesNothing() async {
        let (result, folder) = await Self.shell("TIMERLAB_CHECK_CHILD=1:1:1 $TL list --format tsv | head -1")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.out.hasPrefix("scenario\t"))
    }
}
