/// What `timerlab list` was asked for: its format.
struct ListOptions: CommandOptions {
    static let declared = [ListFormat.option.spec]

    let format: ListFormat

    init(_ invocation: Invocation) throws(UsageError) {
        format = ListFormat(invocation.parsed)
    }
}
