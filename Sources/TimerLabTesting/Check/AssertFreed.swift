/// `requireFreed` under its former name, kept so existing tests build; it forwards every argument.
@available(*, deprecated, renamed: "requireFreed")
@discardableResult
public func assertFreed<Object: AnyObject>(
    running: Duration = .milliseconds(30), grace: Duration = .milliseconds(20),
    _ make: @escaping () -> Object,
    start: @escaping (Object) throws -> Void,
    beforeRelease: ((Object) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async throws -> LifetimeReport {
    try await requireFreed(
        running: running, grace: grace, make, start: start, beforeRelease: beforeRelease,
        fileID: fileID, filePath: filePath, line: line, column: column, isolation: isolation)
}
