import Foundation

/// One statement of an owner's code: the lines from one that opens a bracket to the one that
/// closes it (or a single line), and the text `CodeDiff` compares it by.
struct Statement {
    /// The statement's lines, as the file has them.
    var lines: [OwnerCode.Line]
    /// Its text with line breaks and indentation gone and the file's class name made neutral.
    var key: String

    /// Whether one of its lines decides the outcome.
    var decides: Bool { lines.contains(where: \.decides) }

    /// The statements of `code`, without blank lines.
    static func split(_ code: [OwnerCode.Line]) -> [Statement] {
        let className = declaredClassName(code)
        var statements: [Statement] = []
        var open: [OwnerCode.Line] = []
        var depth = 0
        for line in code where !line.text.allSatisfy(\.isWhitespace) {
            open.append(line)
            depth += line.text.filter { "([".contains($0) }.count - line.text.filter { ")]".contains($0) }.count
            if depth <= 0 {
                statements.append(Statement(lines: open, key: key(open, className: className)))
                (open, depth) = ([], 0)
            }
        }
        if !open.isEmpty {
            statements.append(Statement(lines: open, key: key(open, className: className)))
        }
        return statements
    }

    /// The name after the file's first `class`: each scenario names its owner after itself.
    private static func declaredClassName(_ code: [OwnerCode.Line]) -> String? {
        for line in code {
            let words = line.text.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" })
            if let index = words.firstIndex(of: "class"), index + 1 < words.count {
                return String(words[index + 1])
            }
        }
        return nil
    }

    /// The lines joined, runs of spaces made one, no space just inside brackets, and the class
    /// name replaced by a word no code uses.
    private static func key(_ lines: [OwnerCode.Line], className: String?) -> String {
        var text = lines.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        if let className {
            text = text.replacingOccurrences(of: className, with: "⟨Owner⟩")
        }
        text = text.split(separator: " ").joined(separator: " ")
        for (spaced, tight) in [("( ", "("), ("[ ", "["), (" )", ")"), (" ]", "]")] {
            text = text.replacingOccurrences(of: spaced, with: tight)
        }
        return text
    }
}
