/// The exit statuses of `timerlab`, after BSD's sysexits where one fits.
public enum ExitStatus: Int32, Sendable {
    /// The runs completed (demonstrating a leak is success), or every check matched.
    case success = 0
    /// `--expect` or `check` found a scenario whose observation differs from what was expected.
    case mismatch = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// timerlab itself failed: a run that did not finish, a file it could not write (EX_SOFTWARE).
    case internalFailure = 70
}
