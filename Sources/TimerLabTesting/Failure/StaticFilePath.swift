import Synchronization

/// A file path as the `StaticString` XCTest's `XCTFail` takes, made from the `String` a
/// `SourceLocation` holds.
///
/// `StaticString` has no public initializer from a `String`, but its layout is frozen, part of
/// the standard library's ABI: a pointer to UTF-8 bytes, their count, and flags (`0b10` when
/// every byte is ASCII). The bytes are copied once per path and never freed, since XCTest may
/// keep the string past the call; a test run names few files.
enum StaticFilePath {
    private typealias Layout = (start: UInt, count: UInt, flags: UInt8)
    private static let made = Mutex<[String: StaticString]>([:])

    /// `path`, as a `StaticString` that lives as long as the process.
    static func of(_ path: String) -> StaticString {
        made.withLock { made in
            if let known = made[path] { return known }
            let bytes = Array(path.utf8) + [0]
            let start = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
            start.initialize(from: bytes, count: bytes.count)
            let flags: UInt8 = path.utf8.allSatisfy { $0 < 0x80 } ? 0b10 : 0
            let layout: Layout = (UInt(bitPattern: start), UInt(bytes.count - 1), flags)
            let string = unsafeBitCast(layout, to: StaticString.self)
            made[path] = string
            return string
        }
    }
}
