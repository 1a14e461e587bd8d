import TimerLab
import TimerLabHarness

/// What `timerlab bench` was asked to measure, checked before anything runs.
struct BenchOptions: CommandOptions {
    static let declared = [Options.sizes.spec, BenchFormat.option.spec, Options.output.spec, Options.quick.spec]

    /// The measurements, in the order given (all four if none is named).
    let kinds: [BenchKind]
    let settings: BenchSettings
    let format: BenchFormat
    /// Where the report goes: `nil` for standard output.
    let outputPath: String?

    /// Sizes accepted by `--sizes`.
    static let sizeRange = 1...1_000_000

    init(_ invocation: Invocation) throws(UsageError) {
        let parsed = invocation.parsed
        var kinds: [BenchKind] = []
        for name in parsed.positionals {
            guard let kind = BenchKind(rawValue: name) else {
                let hint = Suggestion.hint(for: name, in: BenchKind.allCases.map(\.rawValue))
                throw UsageError(message: "unknown measurement '\(name)'\(hint)", command: .bench)
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        self.kinds = kinds.isEmpty ? BenchKind.allCases : kinds
        var settings = parsed.has(Options.quick) ? BenchSettings.quick : BenchSettings.standard
        if let text = parsed.value(Options.sizes) {
            settings = settings.with(sizes: try Self.sizes(text))
        }
        self.settings = settings
        format = BenchFormat(parsed)
        outputPath = parsed.outputPath
    }

    /// `1000,10000,100000`: whole numbers in range, each once, sorted.
    static func sizes(_ text: String) throws(UsageError) -> [Int] {
        var sizes: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }), let size = Int(part),
                sizeRange.contains(size)
            else {
                throw UsageError(
                    message:
                        """
                        --sizes takes whole numbers from \(sizeRange.lowerBound) to \(sizeRange.upperBound), separated by commas, not \
                        '\(text)'
                        """,
                    command: .bench)
            }
            if !sizes.contains(size) { sizes.append(size) }
        }
        return sizes.sorted()
    }
}
