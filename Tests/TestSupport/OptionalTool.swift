import Foundation
import Testing

/// A program some tests need that a bare machine may not have (zsh, fish, Graphviz, librsvg,
/// groff, man, jq): such a test skips, naming the tool, where it is absent, and fails where the
/// environment requires the tools (`.ci/run` installs them and sets `TIMERLAB_REQUIRE_TOOLS=1`),
/// so the README's `swift test` passes on a fresh machine while CI still proves them for real.
package struct OptionalTool: Sendable, CustomStringConvertible {
    /// The program's name on PATH.
    package let name: String
    /// The Debian package that installs it, for the skip's reason.
    package let package: String

    package static let zsh = OptionalTool(name: "zsh", package: "zsh")
    package static let fish = OptionalTool(name: "fish", package: "fish")
    package static let dot = OptionalTool(name: "dot", package: "graphviz")
    package static let rsvgConvert = OptionalTool(name: "rsvg-convert", package: "librsvg2-bin")
    package static let groff = OptionalTool(name: "groff", package: "groff")
    package static let man = OptionalTool(name: "man", package: "man-db")
    package static let jq = OptionalTool(name: "jq", package: "jq")

    /// The variable `.ci/run` sets so that a missing tool fails its tests instead of skipping them.
    package static let requiredVariable = "TIMERLAB_REQUIRE_TOOLS"

    /// Whether this environment requires every optional tool.
    package static var required: Bool { ProcessInfo.processInfo.environment[requiredVariable] == "1" }

    /// The tool's path, if it is installed where a shell finds it.
    package var path: String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return (folders + ["/usr/bin", "/bin", "/usr/local/bin"]).map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether its tests run: it is installed, or it is required (and so its absence fails them).
    package var runs: Bool { path != nil || Self.required }

    /// Why its tests were skipped: for `.enabled(if: tool.runs, tool.skipReason)`.
    package var skipReason: Comment {
        Comment(rawValue: "\(name) is not installed (apt-get install \(package)); .ci/run installs it and requires it")
    }

    /// Its path, or an error saying it is missing though required.
    package func require() throws -> String {
        guard let path else { throw Missing(tool: self) }
        return path
    }

    package var description: String { name }

    /// A required tool that is not installed.
    package struct Missing: Error, CustomStringConvertible {
        let tool: OptionalTool
        package var description: String {
            "\(tool.name) is not installed, and \(OptionalTool.requiredVariable)=1 requires it (apt-get install \(tool.package))"
        }
    }
}
