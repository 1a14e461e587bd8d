import Foundation
import Testing

@testable import TimerLabCLI

/// What a path or a descriptor is open on, as `--output` asks before it writes.
@Suite struct FileCallsTests {
    @Test func aFolderAFileAndNothingAreToldApart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-kind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file").path
        try "x".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(POSIX.fileKind(atPath: folder.path)?.isDirectory == true)
        #expect(POSIX.fileKind(atPath: file)?.isRegular == true)
        #expect(POSIX.fileKind(atPath: file)?.isWritable == true)
        #expect(POSIX.fileKind(atPath: folder.appendingPathComponent("none").path) == nil)
    }
}
