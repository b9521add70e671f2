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
    /// `weak`), in a buffer of exactly their size, each piece copied once into place: no block
    /// is built aside for the tag, and the buffer is not grown.
    func joined(_ more: StaticString..., etag: String, weak: Bool) -> [UInt8] {
        var etag = etag
        return etag.withUTF8 { tag in
            let name: StaticString = weak ? "ETag: W/" : "ETag: "
            let count = more.reduce(bytes.count + name.utf8CodeUnitCount + tag.count + 2) { $0 + $1.utf8CodeUnitCount }
            return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                guard var at = buffer.baseAddress else { return }
                func put(_ start: UnsafePointer<UInt8>?, _ length: Int) {
                    guard let start, length > 0 else { return }
                    at.initialize(from: start, count: length)
                    at += length
                }
                bytes.withUnsafeBufferPointer { put($0.baseAddress, $0.count) }
                for lines in more { put(lines.utf8Start, lines.utf8CodeUnitCount) }
                put(name.utf8Start, name.utf8CodeUnitCount)
                put(tag.baseAddress, tag.count)
                put(Self.lineEnd.utf8Start, Self.lineEnd.utf8CodeUnitCount)
                initialized = count
            }
        }
    }

    private static let lineEnd: StaticString = "\r\n"
}
