import Foundation

/// One statement of an owner's code: the lines from one that opens a bracket to the one that
/// closes it (or a single line), and the text `CodeDiff` compares it by.
struct Statement {
    /// The statement's lines, as the file has them.
    var lines: [OwnerCode.Line]
    /// Its text with line breaks and indentation gone and the file's class names made neutral.
    var key: String

    /// Whether one of its lines decides the outcome.
    var decides: Bool { lines.contains(where: \.decides) }

    /// The statements of `code`, without blank lines.
    static func split(_ code: [OwnerCode.Line]) -> [Statement] {
        let classNames = declaredClassNames(code)
        var statements: [Statement] = []
        var open: [OwnerCode.Line] = []
        var depth = 0
        for line in code where !line.text.allSatisfy(\.isWhitespace) {
            open.append(line)
            depth += line.text.filter { "([".contains($0) }.count - line.text.filter { ")]".contains($0) }.count
            if depth <= 0 {
                statements.append(Statement(lines: open, key: key(open, classNames: classNames)))
                (open, depth) = ([], 0)
            }
        }
        if !open.isEmpty {
            statements.append(Statement(lines: open, key: key(open, classNames: classNames)))
        }
        return statements
    }

    /// The names after each `class` the file declares, in order: each scenario names its owner,
    /// and a helper the owner makes, after itself.
    private static func declaredClassNames(_ code: [OwnerCode.Line]) -> [String] {
        code.compactMap { line in
            let words = line.text.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" })
            guard let index = words.firstIndex(of: "class"), index + 1 < words.count else { return nil }
            return String(words[index + 1])
        }
    }

    /// The lines joined, runs of spaces made one, no space just inside brackets, and each class
    /// name replaced by a word no code uses (the first by `⟨Owner⟩`, the next by `⟨Class 2⟩`...).
    private static func key(_ lines: [OwnerCode.Line], classNames: [String]) -> String {
        var text = lines.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        // Longest first, so a name inside another (`Poller` in `StrongPoller`) does not cut it.
        for (index, name) in classNames.enumerated().sorted(by: { $0.element.count > $1.element.count }) {
            text = text.replacingOccurrences(of: name, with: index == 0 ? "⟨Owner⟩" : "⟨Class \(index + 1)⟩")
        }
        text = text.split(separator: " ").joined(separator: " ")
        for (spaced, tight) in [("( ", "("), ("[ ", "["), (" )", ")"), (" ]", "]")] {
            text = text.replacingOccurrences(of: spaced, with: tight)
        }
        return text
    }
}
