/// Finds whether a test case still holds an object in one of its stored properties: a leak of the
/// test's own making, told apart from one the object's holders make.
enum TestCaseReference {
    /// The name of the first stored property of `testCase` (its class's or a superclass's) that
    /// holds `object` itself, directly or as an optional; `nil` if none does.
    static func property(of testCase: AnyObject, holding object: AnyObject) -> String? {
        var mirror: Mirror? = Mirror(reflecting: testCase)
        while let current = mirror {
            for child in current.children {
                if let label = child.label, holds(child.value, object) {
                    return label.hasPrefix("_") ? String(label.dropFirst()) : label
                }
            }
            mirror = current.superclassMirror
        }
        return nil
    }

    /// Whether `value` is `object`, or an optional (or implicitly unwrapped optional) of it.
    private static func holds(_ value: Any, _ object: AnyObject) -> Bool {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return false }
            return holds(wrapped, object)
        }
        guard mirror.displayStyle == .class else { return false }
        return (value as AnyObject) === object
    }
}
