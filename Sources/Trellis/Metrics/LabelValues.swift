/// One sample's label values as a dictionary key. The first two values are stored inline and
/// only a third or later goes to an array, so counting a request by `page` and `status`
/// builds no array (the request path's counters have one or two labels).
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

    /// Two values, without an array.
    init(_ first: String, _ second: String) {
        self.first = first
        self.second = second
        rest = []
        count = 2
    }

    /// Whether these are exactly the two values `first` and `second`.
    func equals(_ first: String, _ second: String) -> Bool {
        count == 2 && self.first == first && self.second == second
    }

    /// The values as an array, in label order.
    var values: [String] {
        Array([first, second].prefix(count)) + rest
    }
}
