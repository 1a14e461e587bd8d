import Foundation
import Testing

@testable import TimerLabCLI

/// `--output`'s file: written in place, never replaced; what cannot be written is refused before
/// anything is, with the path in the sentence.
@Suite struct OutputFileTests {
    /// A fresh folder of this test's own, removed afterwards.
    private func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    @Test func anExistingFileIsWrittenInPlaceNotReplaced() throws {
        try withFolder { folder in
            let path = folder.appendingPathComponent("report.txt").path
            try "an older, longer report\n".write(toFile: path, atomically: false, encoding: .utf8)
            let before = try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
            let file = try OutputFile.open(path)
            try file.writeWhole("new\n")
            let after = try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
            #expect(after == before, "the file was replaced by another")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        }
    }

    @Test func aReadOnlyFileIsRefusedAndKeepsItsContents() throws {
        try withFolder { folder in
            let path = folder.appendingPathComponent("kept.txt").path
            try "kept\n".write(toFile: path, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
            #expect(throws: OutputFile.Problem.self) { try OutputFile.open(path) }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept\n")
        }
    }

    @Test func aDirectoryOrAMissingFolderIsAUsageErrorNamingThePath() throws {
        try withFolder { folder in
            for path in [folder.path, folder.appendingPathComponent("missing/report.txt").path, folder.path + "/new/"] {
                do throws(OutputFile.Problem) {
                    _ = try OutputFile.open(path)
                    Issue.record("\(path) was opened")
                } catch {
                    #expect(error.isAboutThePath, "\(error.message)")
                    #expect(error.message.contains("'\(path)'"), "\(error.message)")
                }
            }
        }
    }
}
