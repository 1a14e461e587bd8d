import Foundation
import TimerLabHarness

/// A scenario's owner code, as carried in the binary: the lines of its class (without the file's
/// imports and doc comments), with the lines that decide the outcome marked.
///
/// A deciding line is marked in the scenario's file itself, by a trailing `// ◀`: the mark sits
/// next to the code it marks, and `scripts/regenerate.sh` carries both into the binary.
package struct OwnerCode: Sendable, Equatable, Codable {
    /// One line of code.
    package struct Line: Sendable, Equatable, Codable {
        /// Its number in the scenario's file.
        package var number: Int
        /// The code, without the mark.
        package var text: String
        /// Whether it is one of the lines that decide the outcome.
        package var decides: Bool
    }

    /// The scenario's file, relative to the repository.
    package var file: String
    /// The owner's lines.
    package var lines: [Line]

    /// The mark a deciding line ends with in its file.
    static let mark = "  // ◀"

    /// The carried code of the scenario called `name`, or `nil` for a scenario with no file.
    package init?(scenario name: String) {
        guard let text = CarriedCode.files[name] else { return nil }
        file = "Sources/TimerLab/Scenarios/\(name).swift"
        let numbered = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            Line(number: index + 1, text: String(line), decides: false)
        }
        // The class starts after the imports, blank lines and its doc comment.
        let start =
            numbered.firstIndex { line in
                let trimmed = line.text.trimmingCharacters(in: .whitespaces)
                return !trimmed.isEmpty && !trimmed.hasPrefix("import ") && !trimmed.hasPrefix("///")
            } ?? numbered.endIndex
        lines = numbered[start...].map { line in
            guard line.text.hasSuffix(Self.mark) else { return line }
            return Line(number: line.number, text: String(line.text.dropLast(Self.mark.count)), decides: true)
        }
    }

    /// The lines that decide the outcome.
    package var deciding: [Line] { lines.filter(\.decides) }
}
