// Every check takes where it was called as one Swift Testing `SourceLocation`, as `#expect` does.
// Swift Testing's own `#_sourceLocation` cannot be its default: a default argument's macro is
// expanded in the caller's file, which would then need `import Testing` (an XCTest file has none).
// So the type is re-exported, and the same macro implementation is declared again here.
@_exported import struct Testing.SourceLocation

/// The location of the call whose default argument this is: Swift Testing's `#_sourceLocation`,
/// under a name of this library's, so a file that calls a check needs no `import Testing`. Not
/// for your code: use Swift Testing's.
@freestanding(expression)
public macro _timerLabSourceLocation() -> SourceLocation = #externalMacro(module: "TestingMacros", type: "SourceLocationMacro")
