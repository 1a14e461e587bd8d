import Foundation

extension PropertyWalk {
    /// `name`, `parent.name`, `parent[2]`, `parent.0` (a tuple's element), `parent(.case)` (an
    /// enum's payload); an optional's `some` adds nothing to the path.
    static func childPath(_ parent: String, _ name: String?, index: Int, style: Mirror.DisplayStyle?) -> String {
        switch style {
        case .optional?: return parent
        case .collection?, .set?: return "\(parent)[\(index)]"
        case .dictionary?: return "\(parent)[\(name ?? "#\(index)")]"
        case .enum?: return "\(parent)(.\(name ?? "\(index)"))"
        case .tuple?:
            let element = name.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? "\(index)"
            return "\(parent).\(element)"
        default:
            let name = name ?? "\(index)"
            return parent.isEmpty ? name : "\(parent).\(name)"
        }
    }

    /// The name a property is spelled by: its label, less the storage prefix of a `lazy var`
    /// (`$__lazy_storage_$_`) or of a property wrapper (`_`, unless a property of that name exists too).
    static func propertyName(_ label: String, among labels: Set<String>) -> String {
        let lazy = "$__lazy_storage_$_"
        if label.hasPrefix(lazy) { return String(label.dropFirst(lazy.count)) }
        guard label.hasPrefix("_"), label.count > 1 else { return label }
        let name = String(label.dropFirst())
        return labels.contains(name) ? label : name
    }

    /// The paths of an object's stored properties, its superclasses' first: a superclass's
    /// property that a subclass's property of the same name shadows is `super.name`.
    static func fieldPaths(_ fields: [RawChild], under path: String) -> [String] {
        let labels = Set(fields.compactMap(\.name))
        let names = fields.map { propertyName($0.name ?? "", among: labels) }
        return fields.indices.map { index in
            let shadowed = fields.indices.contains { fields[$0].level > fields[index].level && names[$0] == names[index] }
            return childPath(path, shadowed ? "super.\(names[index])" : names[index], index: index, style: .class)
        }
    }
}
