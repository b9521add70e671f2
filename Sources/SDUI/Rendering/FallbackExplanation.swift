/// What an `Assembler` keeps when asked to explain its fallbacks: the JSON path of the value
/// being written (a stack of paths, `$` at the root) and the records made so far.
struct FallbackExplanation {
    private var paths = ["$"]
    /// The fallbacks so far, in document order.
    private(set) var records: [FallbackRecord] = []

    /// The path of the value being written.
    var path: String { paths[paths.count - 1] }

    /// Descends into the object member `key`.
    mutating func enter(key: String) { paths.append(path.key(key)) }

    /// Descends into the array element at `index` of the served array.
    mutating func enter(index: Int) { paths.append(path.index(index)) }

    /// Back to the enclosing value.
    mutating func leave() { paths.removeLast() }

    /// Records that `original`, the component with id `id`, was replaced by a `served`
    /// component (nil: dropped) here.
    mutating func record(_ original: ComponentType, id: String, served: ComponentType?, reason: FallbackReason) {
        records.append(FallbackRecord(path: path, id: id, originalType: original.name, servedType: served?.name, reason: reason))
    }
}
