/// Whether text output is coloured. The command line decides when (a terminal, no `NO_COLOR`).
public struct TextStyle: Sendable {
    /// Whether ANSI colours are used.
    public let colored: Bool
    /// The width text is wrapped to: the terminal's, or 100 columns for output that is not one.
    public let width: Int

    /// Plain text, 100 columns wide.
    public static let plain = TextStyle(colored: false)

    /// Creates a style.
    public init(colored: Bool, width: Int = 100) {
        self.colored = colored
        self.width = width
    }

    public func red(_ text: String) -> String { wrap(text, "1;31") }
    public func green(_ text: String) -> String { wrap(text, "1;32") }
    public func yellow(_ text: String) -> String { wrap(text, "1;33") }
    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }

    private func wrap(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
