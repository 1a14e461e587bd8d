import TimerLabHarness

/// Makes text that echoes user input safe to print on a terminal.
enum TerminalText {
    /// `text` with control characters (C0 but newline and tab, DEL, C1) written as `\u{1B}`, so an
    /// argument can never move the cursor, retitle the terminal or hide the rest of the line.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: result.unicodeScalars.append(scalar)
            case 0x00..<0x20, 0x7F..<0xA0:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
