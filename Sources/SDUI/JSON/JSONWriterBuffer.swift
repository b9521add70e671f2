/// The heap storage of a `JSONWriter`: `capacity` bytes, of which the writer owns the count.
final class JSONWriterBuffer {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    /// A buffer of `capacity` bytes that starts with the first `count` of these.
    func copy(count: Int, capacity: Int) -> JSONWriterBuffer {
        let copy = JSONWriterBuffer(capacity: capacity)
        copy.base.initialize(from: base, count: count)
        return copy
    }

    deinit {
        base.deallocate()
    }
}
