#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// XCTest's `XCTFail`, looked up in the running process rather than linked: present when an
/// XCTest bundle runs, absent (nil) in a Swift Testing run or a plain program. A failure goes
/// through `XCTFail` itself, so XCTest's own bookkeeping applies to it, an expected failure
/// (`XCTExpectFailure`, where XCTest has it) included.
enum XCTestBridge {
    /// `XCTFail(_:file:line:)`'s calling convention: a thin Swift function.
    typealias Fail = @convention(thin) (String, StaticString, UInt) -> Void

    /// `XCTest.XCTFail(_: String, file: StaticString, line: UInt) -> ()`, mangled.
    private static let symbol = "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF"

    /// `XCTFail`, if the process has XCTest loaded when this is first read.
    static var xctFail: Fail? { lookedUp.function }

    /// The one look-up: an XCTest bundle loads XCTest before any test runs, so a process without
    /// it at the first failure has none. `@unchecked Sendable`, with this invariant: the
    /// function pointer is written once, here, and only read.
    private struct LookedUp: @unchecked Sendable {
        let function: Fail?
    }

    private static let lookedUp: LookedUp = {
        #if canImport(Glibc)
        let handle = dlopen(nil, RTLD_NOW)
        #else
        let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #endif
        return LookedUp(function: dlsym(handle, symbol).map { unsafeBitCast($0, to: Fail.self) })
    }()
}
