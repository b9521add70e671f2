/// A JSON object whose members keep the order they were written in.
///
/// Lookups scan the members: template objects are small, and order matters more than
/// asymptotics here (Swift's `Dictionary` order differs from process to process).
public struct JSONObject: Sendable, Equatable {
    /// One member of an object.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in order.
    public var members: [Member]

    public init(_ members: [Member] = []) {
        self.members = members
    }

    /// Builds an object from ordered key-value pairs.
    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        self.members = pairs.map { Member(key: $0.key, value: $0.value) }
    }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// The value for `key`, or nil. Setting nil removes the member; setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { index(of: key).map { members[$0].value } }
        set {
            let index = index(of: key)
            switch (index, newValue) {
            case (let i?, let v?): members[i].value = v
            case (let i?, nil): members.remove(at: i)
            case (nil, let v?): members.append(Member(key: key, value: v))
            case (nil, nil): break
            }
        }
    }

    /// Whether the object has a member `key`.
    public func contains(_ key: String) -> Bool {
        index(of: key) != nil
    }

    /// The index of the member `key`. The keys are compared in place: `first(where:)` copied
    /// every member it passed, key and value, on each lookup a page makes in its data. Lengths
    /// are compared first: most keys differ in length, and `==` on two different strings is the
    /// slow part.
    private func index(of key: String) -> Int? {
        let length = key.utf8.count
        for index in members.indices where members[index].key.utf8.count == length && members[index].key == key { return index }
        return nil
    }

    public var isEmpty: Bool { members.isEmpty }
    public var count: Int { members.count }
}
