import TimerLabTesting

/// A report as printed, each wrapped entry joined back into one line (a line that went on after
/// a path's dot, without the space), so a test reads a phrase wherever the width broke it.
protocol WrappedReport: CustomStringConvertible {}

extension LifetimeReport: WrappedReport {}
extension LifetimeCheckError: WrappedReport {}

extension WrappedReport {
    var text: String {
        let hanging = String(repeating: " ", count: 26)
        var lines: [String] = []
        for line in description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard line.hasPrefix(hanging), let last = lines.last else {
                lines.append(line)
                continue
            }
            let rest = line.dropFirst(hanging.count)
            lines[lines.count - 1] = last + (last.hasSuffix(".") ? "" : " ") + rest
        }
        return lines.joined(separator: "\n")
    }
}
