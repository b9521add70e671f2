/// One sample's label values as a dictionary key. The first three values are stored inline and
/// a fourth or later in an array that the caller may keep made (a request's `platform` and
/// `class`, precomputed per client class), so counting a request builds no array.
struct LabelValues: Hashable, Sendable {
    private let first: String
    private let second: String
    private let third: String
    private let rest: [String]
    /// How many values there are.
    let count: Int

    /// The values, in label order.
    init(_ values: [String]) {
        first = values.first ?? ""
        second = values.count > 1 ? values[1] : ""
        third = values.count > 2 ? values[2] : ""
        rest = Array(values.dropFirst(3))
        count = values.count
    }

    /// One value, without an array (an action's `action`).
    init(_ first: String) {
        self.first = first
        second = ""
        third = ""
        rest = []
        count = 1
    }

    /// Two values, without an array (a request's `page` and `section`).
    init(_ first: String, _ second: String) {
        self.first = first
        self.second = second
        third = ""
        rest = []
        count = 2
    }

    /// Three values and then `rest`, without a new array.
    init(_ first: String, _ second: String, _ third: String, rest: [String] = []) {
        self.first = first
        self.second = second
        self.third = third
        self.rest = rest
        count = 3 + rest.count
    }

    /// Whether these are exactly the values `first`, `second`, `third`, then `rest`.
    func equals(_ first: String, _ second: String, _ third: String, rest: [String]) -> Bool {
        count == 3 + rest.count && self.first == first && self.second == second && self.third == third && self.rest == rest
    }

    /// Whether these are exactly the two values `first` and `second`.
    func equals(_ first: String, _ second: String) -> Bool {
        count == 2 && self.first == first && self.second == second
    }

    /// The values as an array, in label order.
    var values: [String] {
        Array([first, second, third].prefix(count)) + rest
    }
}
