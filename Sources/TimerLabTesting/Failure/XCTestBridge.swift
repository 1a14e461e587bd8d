#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// XCTest's `XCTFail`, looked up in the running process rather than linked: present when an
/// XCTest bundle runs, absent (nil) in a Swift Testing run or a plain program.
enum XCTestBridge {
    /// `XCTFail(_:file:line:)`'s calling convention: a thin Swift function.
    typealias Fail = @convention(thin) (String, StaticString, UInt) -> Void

    /// `XCTest.XCTFail(_: String, file: StaticString, line: UInt) -> ()`, mangled.
    private static let symbol = "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF"

    static var xctFail: Fail? {
        #if canImport(Glibc)
        let handle = dlopen(nil, RTLD_NOW)
        #else
        let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #endif
        guard let address = dlsym(handle, symbol) else { return nil }
        return unsafeBitCast(address, to: Fail.self)
    }
}
