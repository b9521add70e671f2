/// A `String` compared and hashed by its UTF-8 bytes, for keys whose meaning is their bytes.
/// `String`'s own `==` equates canonically equivalent text (`Å` as U+212B and as U+00C5, the
/// Kelvin sign and `K`), which a byte-reading step such as header negotiation tells apart.
struct ExactText: Hashable, Sendable {
    let value: String

    init(_ value: String) {
        self.value = value
    }

    static func == (a: ExactText, b: ExactText) -> Bool {
        a.value.utf8.elementsEqual(b.value.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var value = value
        value.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
