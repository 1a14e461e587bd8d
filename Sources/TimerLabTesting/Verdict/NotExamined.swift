/// What a walk of an object did not look into: where its bounds stopped it, and the properties
/// whose storage it could not open. The walk fills it in; it lives here, with the report, because
/// what it says is the report's words (a stage calls forward only: docs/reference.md, "Layout").
struct NotExamined: Sendable, Equatable {
    /// Where a bound stopped the walk (`below \`head.next.next … next.next\` (16 steps)`), if one did.
    var bound: String?
    /// The properties whose storage could not be opened (a `Mutex` of a value type the check does
    /// not know, an `Atomic`, another non-copyable value).
    var storage: [String] = []
    /// The objects kept elsewhere too whose `var`s were not read (but those holding a holder).
    var variables: [String] = []
    /// The properties whose value changed while it was read (the object's own thread replaced it):
    /// what they held then is not believed.
    var changed: [String] = []
    /// Whether nothing could be read at all: the process may not read its own memory safely here.
    var unreadable = false
    /// The sources and tasks whose closures were not read because the calibration that finds
    /// them failed in this process (`Calibrations`).
    var uncalibrated: [Uncalibrated] = []

    /// A source or task whose closures a failed calibration left unread.
    struct Uncalibrated: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case source, task
        }
        let path: String
        let kind: Kind

        /// Its line: what was not read, why, and what the walk took it to mean.
        var line: String {
            let (what, whose) =
                kind == .source
                ? ("its handlers capture", "libdispatch keeps a source's handlers")
                : ("its closure captures", "the Swift runtime keeps a task's closure")
            return "`\(path)`: what \(what) was not read (where \(whose) was not found in this process), "
                + "so what they hold counted as kept from outside"
        }
    }

    /// The lines a report always shows: the bound, and what a failed calibration left unread;
    /// each is a limit of the whole walk, whatever explains the leak.
    var alwaysShown: NotExamined {
        NotExamined(bound: bound, uncalibrated: uncalibrated)
    }

    /// The places in the report's words, the bound first.
    var lines: [String] {
        (bound.map { ["its properties \($0): the walk's bounds (\(PropertyWalk.depthLimit) deep, \(PropertyWalk.visitLimit) values)"] }
            ?? [])
            + (unreadable ? ["its properties: this process cannot read its own memory without risk here (process_vm_readv refused)"] : [])
            + uncalibrated.prefix(3).map(\.line)
            + storage.firstOfEach.map {
                "`\($0)`: storage the check cannot look inside (a Mutex of another value type, an Atomic, a non-copyable value, "
                    + "a layout it cannot read)"
            }
            + changed.firstOfEach.prefix(3).map { "`\($0)`: it changed while it was read (its object's own code replaced it)" }
            + sharedObjects.prefix(3).map { path in
                let inside = variables.count { $0.hasPrefix(path + ".") }
                return "`\(path)`'s variables\(inside > 0 ? " (and those of \(inside) object\(inside == 1 ? "" : "s") inside it)" : ""): "
                    + "something else keeps it too and may change them meanwhile, so only its constants and the timers, sources, "
                    + "tasks and work items it keeps were read"
            }
    }

    /// The outermost of the objects kept elsewhere too: `flushTask`, not also `flushTask.eventLoop`
    /// inside it.
    var sharedObjects: [String] {
        variables.filter { path in !variables.contains { path.hasPrefix($0 + ".") } }
    }

    /// The storage not opened that the checked object owns alone: not inside an object kept
    /// elsewhere too (whose storage is that object's owners' business).
    var ownStorage: [String] {
        let shared = sharedObjects
        return storage.firstOfEach.filter { path in !shared.contains { path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[") } }
    }

    /// The checked object's own properties through which it reaches an object kept elsewhere too
    /// (`close`, for `close.promise.futureResult`): where a library's handle is, in the user's terms.
    var sharedHandles: [String] {
        sharedObjects.map(Self.ownProperty).firstOfEach
    }

    /// The checked object's own property a path starts at: `close` for
    /// `close.promise.futureResult`, `timers` for `timers["utc"].clock`, `state` for
    /// `state(.running).source`, `super.timer` for `super.timer.userInfo`.
    static func ownProperty(of path: String) -> String {
        if path.hasPrefix("super.") { return "super." + ownProperty(of: String(path.dropFirst("super.".count))) }
        return String(path.prefix { $0 != "." && $0 != "[" && $0 != "(" })
    }
}
