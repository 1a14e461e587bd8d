/// Whether text output is coloured: only for a terminal, and never when `NO_COLOR` is set.
public struct TextStyle: Sendable {
    /// Whether ANSI colours are used.
    public let colored: Bool

    /// Plain text.
    public static let plain = TextStyle(colored: false)

    /// Creates a style.
    public init(colored: Bool) {
        self.colored = colored
    }

    /// The style for a stream: coloured if it is a terminal and `NO_COLOR` is unset or empty.
    public init(isTerminal: Bool, environment: [String: String]) {
        self.colored = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    func red(_ text: String) -> String { wrap(text, "1;31") }
    func green(_ text: String) -> String { wrap(text, "1;32") }
    func yellow(_ text: String) -> String { wrap(text, "1;33") }
    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }

    private func wrap(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
