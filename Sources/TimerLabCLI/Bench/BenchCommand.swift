import Foundation
import TimerLab
import TimerLabHarness

/// `timerlab bench`: measures what a leak costs and how each mechanism scales, on this machine.
enum BenchCommand: Subcommand {
    static let spec = CommandSpec(
        name: .bench, abstract: "Measure what a leak costs and how each timer mechanism scales.",
        overview: """
            Measures, in one run: memory (heap bytes still held per owner, K owners at once, leaked \
            and freed, less a control of bare owners), stop (the cost of invalidating K run-loop \
            timers in fire, reverse and random order, cancelling K dispatch sources and K tasks), \
            cpu (K leaked 10 ms timers firing: CPU and ticks achieved) and accuracy (lateness of one \
            10 ms timer among K others). Each series has a time budget; one that would exceed it is \
            cut and says how far it got. Every figure is measured in this run.
            """,
        arguments: CommandSpec.Arguments(
            "[<measurement>...]", arity: .optionalMany, of: .measurements, help: "memory, stop, cpu or accuracy; all four if none is given."
        ),
        options: BenchOptions.declared,
        examples: ["timerlab bench --quick", "timerlab bench memory --format svg --output memory.svg"])

    static func run(_ options: BenchOptions, _ invocation: Invocation) throws -> ExitStatus {
        let io = invocation.io
        let output = try options.outputPath.map { try OutputFile.open($0, for: .bench) }
        let started = ContinuousClock.now
        // Progress only where a person watches: a terminal on standard error.
        let progress: (String) -> Void =
            io.errorIsTerminal
            ? { io.writeError("\u{1B}[2K\r\($0) (\(String(format: "%.0f", started.duration(to: .now).seconds)) s)") }
            : { _ in }
        let run = BenchRunner.run(options.kinds, settings: options.settings, progress: progress)
        if io.errorIsTerminal { io.writeError("\u{1B}[2K\r") }
        let report = run.report
        let text: String
        switch options.format {
        case .text: text = BenchText.render(report)
        case .json: text = JSONReport.encode(report)
        case .tsv: text = BenchTSV.render(report)
        case .svg: text = BenchSVG.render(report)
        }
        try io.deliver(text, to: output, path: options.outputPath, format: options.format.rawValue)
        // What was measured is delivered first; the failure that stopped the rest is one line after it.
        guard let failure = run.failure else { return .success }
        io.fail("bench stopped: \(failure.reason)")
        switch failure.kind {
        case .resourceShortage: return .systemResources
        case .timedOut: return .timedOut
        }
    }
}

extension CommandSpec.Name {
    /// `timerlab bench`.
    static let bench = Self(rawValue: "bench")
}
