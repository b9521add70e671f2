/// Every path the records of a data file have (a `file` source's file, or a `url` source's
/// `sample`), merged into one tree: what `validate` checks a binding's path against (SPEC §13).
///
/// A path is in the shape when at least one record has it. Arrays are merged into their
/// `elements`: an integer segment (`images.0`) and an `$each` item both stand for any element.
final class RecordShape: Sendable {
    /// Member name to the merged shape of that member's values, for every object met here.
    let members: [String: RecordShape]
    /// The merged shape of every element of every array met here; nil when none was.
    let elements: RecordShape?

    /// The shape of `values` merged: the records of a file, or the values at one place in them.
    init(_ values: [JSONValue]) {
        var byKey: [String: [JSONValue]] = [:]
        var items: [JSONValue] = []
        for value in values {
            switch value {
            case .object(let object): for member in object.members { byKey[member.key, default: []].append(member.value) }
            case .array(let elements): items += elements
            default: break
            }
        }
        members = byKey.mapValues(RecordShape.init)
        elements = items.isEmpty ? nil : RecordShape(items)
    }

    /// What `segment` leads to from here, as `Scope.lookup` walks it: a member, else for an
    /// integer the elements; nil when no record has it.
    func child(_ segment: String) -> RecordShape? {
        if let member = members[segment] { return member }
        return Int(segment) == nil ? nil : elements
    }
}
