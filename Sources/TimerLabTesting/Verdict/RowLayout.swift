/// How a report's labelled rows are laid out to fit a terminal: a label column wide enough for
/// the longest label, each entry wrapped at spaces (a long path after its dots) two columns in
/// from the text column, so an entry's next line is told from the next entry, and at most a few
/// entries under one label, the rest counted.
enum RowLayout {
    /// The widest a line gets (the verdict line aside, which a CI summary shows whole).
    static let width = 100
    /// The longest label, `pending at grace end`, and two spaces after it.
    static let labelWidth = 22
    /// How many entries one label shows; more are counted in one line.
    static let entriesShown = 4
    private static let indent = 2

    /// One labelled row: `label` and its entries, each entry wrapped; entries past
    /// `entriesShown` are said in one line, `… and 12 more`.
    static func lines(_ label: String, _ entries: [String]) -> [String] {
        guard !entries.isEmpty else { return [] }
        var shown = Array(entries.prefix(entriesShown))
        if entries.count > entriesShown {
            shown[shown.count - 1] = "… and \(entries.count - entriesShown + 1) more like these"
        }
        let margin = String(repeating: " ", count: indent + labelWidth)
        let hanging = margin + "  "
        var lines: [String] = []
        for (index, entry) in shown.enumerated() {
            let head =
                index == 0
                ? String(repeating: " ", count: indent) + label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) : margin
            let wrapped = wrap(entry, first: width - margin.count, then: width - hanging.count)
            lines.append(head + wrapped[0])
            lines += wrapped.dropFirst().map { hanging + $0 }
        }
        return lines
    }

    /// `text` in lines of at most `first` characters, then `then`, broken at spaces; a word longer
    /// than that (a path of many links) is broken after one of its dots, or where it must be.
    static func wrap(_ text: String, first: Int, then: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var width: Int { lines.isEmpty ? first : then }
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            if line.isEmpty || line.count + 1 + word.count <= width {
                line += (line.isEmpty ? "" : " ") + word
            } else {
                lines.append(line)
                line = word
            }
            while line.count > width {
                let cut = breakPoint(in: line, within: width)
                lines.append(String(line.prefix(cut)).trimmingSuffix(" "))
                line = String(line.dropFirst(cut))
            }
        }
        return lines + [line]
    }

    /// Where to break a line longer than `width`: after its last space or dot within it, or at `width`.
    private static func breakPoint(in line: String, within width: Int) -> Int {
        let head = line.prefix(width)
        if let space = head.lastIndex(of: " "), space > head.startIndex {
            return head.distance(from: head.startIndex, to: space) + 1
        }
        if let dot = head.lastIndex(of: "."), dot > head.startIndex {
            return head.distance(from: head.startIndex, to: dot) + 1
        }
        return width
    }
}

extension String {
    /// The string without the trailing `character`s.
    fileprivate func trimmingSuffix(_ character: Character) -> String {
        var text = self
        while text.last == character { text.removeLast() }
        return text
    }
}
