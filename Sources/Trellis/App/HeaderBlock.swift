/// Response header lines encoded once as `Name: value\r\n` bytes, for `preformattedHeaders`.
struct HeaderBlock: Sendable {
    private(set) var bytes: [UInt8] = []

    mutating func add(_ name: String, _ value: String) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: ": ".utf8)
        bytes.append(contentsOf: value.utf8)
        bytes.append(contentsOf: "\r\n".utf8)
    }

    func adding(_ name: String, _ value: String) -> HeaderBlock {
        var copy = self
        copy.add(name, value)
        return copy
    }
}
