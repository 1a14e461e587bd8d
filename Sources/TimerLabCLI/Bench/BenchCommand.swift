import Foundation
import TimerLab
import TimerLabHarness

/// `timerlab bench`: measures what a leak costs and how each mechanism scales, on this machine.
enum BenchCommand {
    static func run(_ invocation: Invocation) throws -> ExitStatus {
        let io = invocation.io
        let options = try BenchOptions(invocation.parsed)
        let output = try options.outputPath.map { try OutputFile.open($0, for: .bench) }
        let started = ContinuousClock.now
        // Progress only where a person watches: a terminal on standard error.
        let progress: (String) -> Void = io.errorIsTerminal
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
        io.writeError("error: bench stopped: \(failure.reason)\n")
        switch failure.kind {
        case .resourceShortage: return .systemResources
        case .timedOut: return .timedOut
        }
    }
}
