/// An object a test made and asked to have checked once the test is over: held weakly, so
/// tracking it keeps nothing alive, with where it was tracked, the actor the test ran on, and the
/// defaults in force there.
struct TrackedObject: Sendable {
    /// The object, while anything else holds it.
    private let reference: WeakReference
    /// Its type, as reports name it.
    let typeName: String
    /// The line that tracked it: where its failure is reported.
    let site: CallSite
    /// The actor the tracking test ran on, if any: the check runs there too.
    let isolation: (any Actor)?
    /// The defaults in force where it was tracked, inside every trait of the test (or the ones
    /// `trackForLeaks` was given over them): its check takes them, though the test library's end
    /// of the test runs outside a test's own traits.
    let settings: CheckSettings
    /// What it alone kept when it was tracked, watched weakly: judged when the test ends, even
    /// if the object is gone by then (`WatchedChild.parts(of:)`).
    let parts: [WatchedChild]

    init(_ object: AnyObject, site: CallSite, isolation: (any Actor)?, settings: CheckSettings) {
        reference = WeakReference(object)
        parts = WatchedChild.parts(of: object)
        typeName = String(describing: type(of: object))
        self.site = site
        self.isolation = isolation
        self.settings = settings
    }

    /// The object, if it is still alive.
    var object: AnyObject? { reference.object }

    /// The object's identity, to tell it apart from others tracked.
    var identity: ObjectIdentifier { reference.identity }
}
