import TimerLabHarness

/// Tells the program's own images (the executable, the user's libraries) from the toolchain's and
/// the system's: only the former's globals are roots. A Foundation or swift-testing global that
/// keeps an object (`NotificationCenter.default`'s observers) keeps it through something the
/// object's own code gave it, which the proof by stopping tells.
enum ProgramImages {
    /// The folder the Swift runtime was loaded from, found once: the toolchain's libraries are there.
    private static let runtimeFolder: String? = {
        let core = SystemSeam.mappings().first { $0.path.hasSuffix("/libswiftCore.so") }?.path
        return core.map { String($0[..<($0.lastIndex(of: "/") ?? $0.endIndex)]) }
    }()

    /// Whether the image at `path` is the program's own.
    static func isProgram(_ path: String) -> Bool {
        if let runtimeFolder, path.hasPrefix(runtimeFolder + "/") { return false }
        return !["/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/", "/usr/libexec/"].contains { path.hasPrefix($0) }
    }
}
