import TimerLabHarness

/// Whether text output is coloured. The command line decides when (a terminal, no `NO_COLOR`).
package struct TextStyle: Sendable {
    /// Whether ANSI colours are used.
    package let colored: Bool
    /// The width text is wrapped to: the terminal's, or 100 columns for output that is not one.
    package let width: Int

    /// Plain text, 100 columns wide.
    package static let plain = TextStyle(colored: false)

    /// Creates a style.
    package init(colored: Bool, width: Int = 100) {
        self.colored = colored
        self.width = width
    }

    package func red(_ text: String) -> String { wrap(text, "1;31") }
    package func green(_ text: String) -> String { wrap(text, "1;32") }
    package func yellow(_ text: String) -> String { wrap(text, "1;33") }
    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func dim(_ text: String) -> String { wrap(text, "2") }

    private func wrap(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
