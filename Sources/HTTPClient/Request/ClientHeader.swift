/// One header field sent on a request. Its value is bytes: a value a proxy forwards goes on
/// exactly as its own client sent it (SPEC §14), never re-encoded.
///
/// Names and values are written as they are: the caller passes only what a parser has
/// accepted or what it wrote itself (no CR, LF or NUL can reach the request head).
package struct ClientHeader: Sendable, Hashable {
    package var name: String
    package var value: [UInt8]

    /// The field `name: value`, its value as bytes.
    package init(_ name: String, bytes value: [UInt8]) {
        self.name = name
        self.value = value
    }

    /// The field `name: value`.
    package init(_ name: String, _ value: String) {
        self.init(name, bytes: Array(value.utf8))
    }
}
