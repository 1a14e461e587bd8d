import TimerLabHarness

/// Breaks text into lines at spaces, for every renderer of plain text (reports and help alike).
package enum WordWrap {
    /// The lines of `text`, each at most `width` characters (the first at most `firstWidth`)
    /// unless one word alone is longer. Runs of spaces are kept inside a line.
    package static func lines(_ text: String, width: Int, firstWidth: Int? = nil) -> [String] {
        lines(words: text.split(separator: " ", omittingEmptySubsequences: false), width: width, firstWidth: firstWidth)
    }

    /// `words` joined by spaces into lines as `lines(_:width:firstWidth:)` makes them, a line
    /// breaking only between two words: a word with spaces inside (a usage line's
    /// `[--expect freed|leaked]`) stays whole.
    ///
    /// Substrings, not any `StringProtocol`: appending a generic word reached the standard
    /// library's unspecialized `append(contentsOf:)`, whose first call looks its types up at run
    /// time, 0.35 ms of `timerlab leak`'s report (measured with `perf`).
    package static func lines(words: [Substring], width: Int, firstWidth: Int? = nil) -> [String] {
        var lines: [String] = []
        var current = ""
        var limit = firstWidth ?? width
        for word in words {
            if !current.isEmpty, current.count + 1 + word.count > limit {
                lines.append(current)
                current = String(word)
                limit = width
            } else {
                if !current.isEmpty { current.append(" ") }
                current.append(contentsOf: word)
            }
        }
        lines.append(current)
        return lines
    }

    /// `text` filled with spaces to `width` characters, or cut to them: one cell of a column.
    ///
    /// Counts characters, as a terminal shows them, where Foundation's `padding(toLength:)`
    /// counts UTF-16 units; and needs no bridging to `NSString`, whose first use cost half a
    /// millisecond of `timerlab leak`'s start (measured with timestamps around the report).
    package static func padded(_ text: some StringProtocol, to width: Int) -> String {
        let count = text.count
        guard count < width else { return String(text.prefix(width)) }
        return text + String(repeating: " ", count: width - count)
    }
}
