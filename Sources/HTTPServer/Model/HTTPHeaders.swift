/// Ordered header fields, as received or to be sent.
///
/// Names are compared case-insensitively (ASCII) and kept as given; duplicates are kept in
/// order, never merged, so a repeated `Content-Length` can't hide behind a dictionary.
///
/// Stored as bytes: every name and value back to back in one buffer, with one small record of
/// offsets per field. The parser copies a head's field lines in at once, without making a
/// `String` (`appendHead`); a look-up compares bytes, and only the value asked for becomes a
/// `String` (a request's fields cost two allocations in all, not one or two per field).
/// Offsets are 32-bit: a list holds at most 2 GiB of names and values (a request's are bounded
/// by `--max-header-bytes`, at most 16 MiB).
public struct HTTPHeaders: Sendable, Sequence {
    /// One field: its name as written and its value (without surrounding whitespace).
    public typealias Element = (name: String, value: String)

    /// Where one field lies in `bytes`: the name is `nameStart..<nameEnd`, the value
    /// `valueStart..<valueEnd` (a parsed field keeps the bytes between them, its `:` and
    /// spaces); `key` is the name's `lookupKey`, so a look-up passes over fields of another
    /// length or initial with one comparison.
    private struct Field {
        var nameStart: Int32
        var nameEnd: Int32
        var valueStart: Int32
        var valueEnd: Int32
        var key: UInt32
    }

    /// Internal (not private) for the `@inlinable` readers of a value's bytes only, which a
    /// caller in another module then specializes: nothing outside this file writes it.
    @usableFromInline private(set) var bytes: [UInt8] = []
    private var fields: [Field] = []
    /// One bit (`keyBit`) set for each field's `key`: a look-up of a name no field can have
    /// (most of a request's, as `Origin` or `If-None-Match`, are absent) ends on one test
    /// instead of a pass over the fields. HTTPHeadersLookupTests compare look-ups with a plain
    /// pass on generated lists.
    private var keysPresent: UInt64 = 0

    /// An empty list.
    public init() {}

    /// The given fields, in order.
    public init(_ fields: [(String, String)]) {
        for (name, value) in fields { add(name, value) }
    }

    /// Appends a field, keeping any with the same name.
    public mutating func add(_ name: String, _ value: String) {
        append(name: name.utf8, value: value.utf8)
    }

    /// Appends a field whose value is bytes that need not be UTF-8 (as a client may send them).
    public mutating func add(_ name: String, bytes value: some Collection<UInt8>) {
        append(name: name.utf8, value: value)
    }

    /// Appends a field from the bytes of its name and value.
    private mutating func append<Name: Collection<UInt8>, Value: Collection<UInt8>>(name: Name, value: Value) {
        reserveFirstStorage()
        let nameStart = Int32(bytes.count)
        bytes.append(contentsOf: name)
        let valueStart = Int32(bytes.count)
        bytes.append(contentsOf: value)
        let key = Self.lookupKey(count: Int(valueStart - nameStart), first: name.first ?? 0)
        fields.append(Field(nameStart: nameStart, nameEnd: valueStart, valueStart: valueStart, valueEnd: Int32(bytes.count), key: key))
        keysPresent |= Self.keyBit(key)
    }

    /// Adds a field of a parsed head whose bytes come in afterwards, all at once (`appendHead`):
    /// its name and value lie at these offsets from the first byte `appendHead` adds, and
    /// `initial` is the name's first byte. Nothing may read the fields in between (the parser
    /// does this for a head not yet complete): a head is copied once, not once per field.
    mutating func appendPendingField(name: Range<Int>, value: Range<Int>, initial: UInt8) {
        reserveFirstStorage()
        let base = bytes.count
        let key = Self.lookupKey(count: name.count, first: initial)
        fields.append(Field(nameStart: Int32(base + name.lowerBound), nameEnd: Int32(base + name.upperBound),
                            valueStart: Int32(base + value.lowerBound), valueEnd: Int32(base + value.upperBound), key: key))
        keysPresent |= Self.keyBit(key)
    }

    /// The bytes of the fields added with `appendPendingField` since the last, from which their
    /// offsets count (the head's lines, CRLFs and all).
    mutating func appendHead(_ head: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: head)
    }

    /// Room for a request's usual fields, reserved when the first is added to fresh storage.
    @inline(__always)
    private mutating func reserveFirstStorage() {
        if fields.isEmpty, fields.capacity == 0 {
            fields.reserveCapacity(8)
            bytes.reserveCapacity(256)
        }
    }

    /// What two names that are equal ignoring ASCII case share: their length and their first
    /// byte with the case bit set (a prefilter: equal keys still need `equalNames`).
    @inline(__always)
    private static func lookupKey(count: Int, first: UInt8) -> UInt32 {
        UInt32(truncatingIfNeeded: count) << 8 | UInt32(first | 0x20)
    }

    /// `key`'s bit in `keysPresent`: the top six bits of a multiplicative hash, so the usual
    /// names' lengths and initials spread over the word.
    @inline(__always)
    private static func keyBit(_ key: UInt32) -> UInt64 {
        1 << ((key &* 0x9E37_79B1) >> 26)
    }

    /// Removes every field, keeping the storage when no other copy shares it (a connection
    /// reuses one request's storage for the next).
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
        keysPresent = 0
    }

    /// Bytes of names and values and fields the storage has room for.
    var capacity: (bytes: Int, fields: Int) { (bytes.capacity, fields.capacity) }

    /// The first value for `name`, or nil.
    public subscript(_ name: String) -> String? {
        firstIndex(of: name, from: 0).map(value(at:))
    }

    /// `body` applied to the bytes of the first value for `name`, nil when there is none: a
    /// value read where it lies, with no `String` made of it. Inlinable, as `withCombinedValue`
    /// is: a caller in another module specializes it and inlines its `body`, where a generic
    /// call through closures would cost more than the look-up.
    @inlinable
    public func withFirstValue<Result>(of name: String, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        guard let range = firstValueRange(of: name) else { return body(nil) }
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Where the first value for `name` lies in `bytes`, nil when there is none.
    @usableFromInline
    func firstValueRange(of name: String) -> Range<Int>? {
        firstIndex(of: name, from: 0).map { Int(fields[$0].valueStart)..<Int(fields[$0].valueEnd) }
    }

    /// Where the first value for `name` lies in `bytes`, and whether a later field is called
    /// `name` too; nil when none is.
    @usableFromInline
    func firstValueLocation(of name: String) -> (range: Range<Int>, repeated: Bool)? {
        guard let first = firstIndex(of: name, from: 0) else { return nil }
        return (Int(fields[first].valueStart)..<Int(fields[first].valueEnd), firstIndex(of: name, from: first + 1) != nil)
    }

    /// All values for `name`, in order.
    public func values(_ name: String) -> [String] {
        var found: [String] = []
        var next = 0
        while let index = firstIndex(of: name, from: next) {
            found.append(value(at: index))
            next = index + 1
        }
        return found
    }

    /// All values for `name`, in order, as their bytes: what the client sent, whatever the
    /// encoding (a `String` would turn bytes that are not UTF-8 into U+FFFD, making two
    /// different values one). For values passed on or hashed, such as credentials.
    public func valueBytes(_ name: String) -> [[UInt8]] {
        var found: [[UInt8]] = []
        forEachValue(of: name) { found.append(Array($0)) }
        return found
    }

    /// The values of `name` as one comma-separated value (RFC 9110 §5.3), nil when there is no
    /// such field; a single field's value is returned as is, without building a list.
    public func combinedValue(_ name: String) -> String? {
        guard let first = firstIndex(of: name, from: 0) else { return nil }
        guard firstIndex(of: name, from: first + 1) != nil else { return value(at: first) }
        return values(name).joined(separator: ", ")
    }

    /// `body` applied to the bytes of the value `combinedValue` gives, nil when there is no such
    /// field: a single field's value read where it lies, with no `String` made of it (several
    /// fields' values are joined with ", " first). The bytes are as sent, not repaired as UTF-8.
    @inlinable
    public func withCombinedValue<Result>(of name: String, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        guard let (range, repeated) = firstValueLocation(of: name) else { return body(nil) }
        guard repeated else { return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) } }
        return Array(valueBytes(name).joined(separator: Array(", ".utf8))).withUnsafeBufferPointer { body($0) }
    }

    /// How many fields are called `name`.
    public func count(of name: String) -> Int {
        var count = 0
        var next = 0
        while let index = firstIndex(of: name, from: next) {
            count += 1
            next = index + 1
        }
        return count
    }

    /// Whether any field is called `name`.
    public func contains(_ name: String) -> Bool {
        firstIndex(of: name, from: 0) != nil
    }

    /// The number of fields, duplicates included.
    public var count: Int { fields.count }

    /// Iterates the fields in order.
    public func makeIterator() -> Iterator {
        Iterator(headers: self)
    }

    /// Iterates the fields in order, making each name and value a `String`.
    public struct Iterator: IteratorProtocol {
        let headers: HTTPHeaders
        var index = 0

        public mutating func next() -> Element? {
            guard index < headers.fields.count else { return nil }
            defer { index += 1 }
            let field = headers.fields[index]
            return (name: headers.string(field.nameStart, field.nameEnd), value: headers.value(at: index))
        }
    }

    /// Calls `body` with the name and value bytes of every field, in order (no `String` made).
    public func forEachField(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            for field in fields {
                body(UnsafeBufferPointer(rebasing: all[Int(field.nameStart)..<Int(field.nameEnd)]),
                     UnsafeBufferPointer(rebasing: all[Int(field.valueStart)..<Int(field.valueEnd)]))
            }
        }
    }

    /// Calls `body` with the value bytes of every field called `name`, in order.
    func forEachValue(of name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var next = 0
        while let index = firstIndex(of: name, from: next) {
            let field = fields[index]
            bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(field.valueStart)..<Int(field.valueEnd)])) }
            next = index + 1
        }
    }

    /// The index of the first field at or after `start` called `name`.
    private func firstIndex(of name: String, from start: Int) -> Int? {
        guard start < fields.count else { return nil }
        if let found = name.utf8.withContiguousStorageIfAvailable({ firstIndex(of: $0, from: start) }) { return found }
        var name = name  // a bridged string without contiguous UTF-8
        return name.withUTF8 { firstIndex(of: $0, from: start) }
    }

    /// The index of the first field at or after `start` whose name is `wanted` (bytes).
    private func firstIndex(of wanted: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let key = Self.lookupKey(count: wanted.count, first: wanted.first ?? 0)
        guard keysPresent & Self.keyBit(key) != 0 else { return nil }
        return fields.withUnsafeBufferPointer { fields in
            bytes.withUnsafeBufferPointer { all in
                for index in start..<fields.count where fields[index].key == key {
                    let field = fields[index]
                    let candidate = UnsafeBufferPointer(rebasing: all[Int(field.nameStart)..<Int(field.nameEnd)])
                    if Self.equalNames(candidate, wanted) { return index }
                }
                return nil
            }
        }
    }

    private func value(at index: Int) -> String {
        string(fields[index].valueStart, fields[index].valueEnd)
    }

    /// The bytes from `start` to `end` as a `String`, repaired as `String(decoding:as:)` repairs
    /// bytes that are not UTF-8; copied in whole, so a short ASCII value (nearly every one) is
    /// known valid at once rather than decoded (HTTPHeadersStringTests compare the two).
    private func string(_ start: Int32, _ end: Int32) -> String {
        bytes.withUnsafeBufferPointer { all in
            String(unsafeUninitializedCapacity: Int(end - start)) {
                $0.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: all[Int(start)..<Int(end)]))
            }
        }
    }

    /// ASCII case-insensitive comparison of two field names.
    static func equalNames(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in equalNames(x, y) } }
    }

    /// ASCII case-insensitive comparison of two field names' bytes (every header lookup of
    /// every request comes here). Eight bytes at a time while they are equal as they are (a
    /// name is nearly always looked up as it was sent); a byte at a time, folding case, where
    /// they are not.
    static func equalNames(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        guard x.count == y.count else { return false }
        guard let a = x.baseAddress, let b = y.baseAddress else { return true }
        var index = 0
        while index + 8 <= x.count {
            let same = UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self)
                == UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self)
            guard same || (index..<index + 8).allSatisfy({ equalFolded(a[$0], b[$0]) }) else { return false }
            index += 8
        }
        while index < x.count {
            guard equalFolded(a[index], b[index]) else { return false }
            index += 1
        }
        return true
    }

    /// Whether two bytes of names are equal ignoring ASCII case.
    @inline(__always)
    private static func equalFolded(_ x: UInt8, _ y: UInt8) -> Bool {
        guard x != y else { return true }
        let folded = x | 0x20
        return folded == y | 0x20 && folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z")
    }

    /// Whether the comma-separated token lists of `name` contain `token` (case-insensitive),
    /// as for `Connection: keep-alive, Upgrade`.
    func containsToken(_ token: String, in name: String) -> Bool {
        var token = token
        return token.withUTF8 { wanted in
            var found = false
            forEachValue(of: name) { value in
                var start = 0
                while !found, start <= value.count {
                    let end = value[start...].firstIndex(of: UInt8(ascii: ",")) ?? value.count
                    let part = ByteClass.trimmingSpaces(UnsafeBufferPointer(rebasing: value[start..<end]))
                    found = Self.equalNames(part, wanted)
                    start = end + 1
                }
            }
            return found
        }
    }
}

extension Substring {
    /// Drops leading and trailing SP and HTAB.
    func trimmingASCIISpaces() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
