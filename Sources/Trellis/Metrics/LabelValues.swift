/// One sample's label values as a dictionary key. The first two values are stored inline and
/// a third or later in an array that the caller may keep made (a request's `platform` and
/// `class`, precomputed per client class), so counting a request builds no array.
struct LabelValues: Hashable, Sendable {
    private let first: String
    private let second: String
    private let rest: [String]
    /// How many values there are.
    let count: Int

    /// The values, in label order.
    init(_ values: [String]) {
        first = values.first ?? ""
        second = values.count > 1 ? values[1] : ""
        rest = Array(values.dropFirst(2))
        count = values.count
    }

    /// One value, without an array (a request's `page`).
    init(_ first: String) {
        self.first = first
        second = ""
        rest = []
        count = 1
    }

    /// Two values and then `rest`, without a new array.
    init(_ first: String, _ second: String, rest: [String] = []) {
        self.first = first
        self.second = second
        self.rest = rest
        count = 2 + rest.count
    }

    /// Whether these are exactly the values `first`, `second`, then `rest`.
    func equals(_ first: String, _ second: String, rest: [String]) -> Bool {
        count == 2 + rest.count && self.first == first && self.second == second && self.rest == rest
    }

    /// The values as an array, in label order.
    var values: [String] {
        Array([first, second].prefix(count)) + rest
    }
}
