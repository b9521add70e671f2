/// Response header lines encoded once as `Name: value\r\n` bytes, for `preformattedHeaders`.
/// Names and fixed text are copied from the binary (`StaticString`), values from their UTF-8.
struct HeaderBlock: Sendable {
    private(set) var bytes: [UInt8] = []

    /// An empty block with room for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Adds the line `name: value`.
    mutating func add(_ name: StaticString, _ value: String) {
        start(name)
        append(value)
        end()
    }

    /// Starts a line whose value follows in pieces: `name: `.
    mutating func start(_ name: StaticString) {
        literal(name)
        literal(": ")
    }

    /// Appends fixed text to the line under way.
    mutating func literal(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `text` to the line under way.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `number` in decimal to the line under way.
    mutating func decimal(_ number: Int) {
        if number < 0 { literal("-") }
        let magnitude = number.magnitude
        var scale: UInt = 1
        while magnitude / scale >= 10 { scale *= 10 }
        while scale > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / scale % 10))
            scale /= 10
        }
    }

    /// Ends the line under way.
    mutating func end() {
        literal("\r\n")
    }

    /// Appends whole lines already encoded (another block's tail).
    mutating func append(lines: ArraySlice<UInt8>) {
        bytes.append(contentsOf: lines)
    }

    /// These lines, then the fixed lines `more`, then the line `ETag: tag` (`W/tag` when
    /// `weak`), in a buffer of exactly their size: no block is built aside for the tag.
    func joined(_ more: StaticString..., etag: String, weak: Bool) -> [UInt8] {
        let etagLine = "ETag: \r\n".utf8.count + (weak ? 2 : 0) + etag.utf8.count
        var joined = HeaderBlock(capacity: more.reduce(bytes.count + etagLine) { $0 + $1.utf8CodeUnitCount })
        joined.bytes.append(contentsOf: bytes)
        for lines in more { joined.literal(lines) }
        joined.start("ETag")
        if weak { joined.literal("W/") }
        joined.append(etag)
        joined.end()
        return joined.bytes
    }
}
