extension Array where Element: Equatable {
    /// The elements in order, each only where it first stands: what a report lists once (the
    /// kinds of its candidates, the storage it could not open).
    var firstOfEach: [Element] {
        reduce(into: []) { kept, element in
            if !kept.contains(element) { kept.append(element) }
        }
    }
}
