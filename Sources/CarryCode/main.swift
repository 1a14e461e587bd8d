import Foundation
import TimerLab

// Writes Sources/TimerLab/Explain/CarriedCode+Generated.swift from Sources/TimerLab/Scenarios/
// with the one transform its test uses (`CarriedCodeWriter`); with `--check`, writes nothing and
// exits 1 if the file is stale. Run from the repository by scripts/regenerate.sh.
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let folder = root.appendingPathComponent("Sources/TimerLab/Scenarios")
let output = root.appendingPathComponent("Sources/TimerLab/Explain/CarriedCode+Generated.swift")
let checkOnly = CommandLine.arguments.dropFirst().first == "--check"
do {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
    let files = try names.map { name in
        (name: String(name.dropLast(".swift".count)), text: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
    }
    let source = try CarriedCodeWriter.source(files: files)
    if (try? String(contentsOf: output, encoding: .utf8)) == source {
        print("up to date: \(output.path)")
    } else if checkOnly {
        FileHandle.standardError.write(Data("error: stale: \(output.path); run scripts/regenerate.sh\n".utf8))
        exit(1)
    } else {
        try source.write(to: output, atomically: true, encoding: .utf8)
        print("wrote \(output.path)")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
