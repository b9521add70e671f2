/// Decoding an action field (SPEC §7.4), which holds one action object or an array of them, as
/// a list either way: what the models `trellis client-models --swift` generates call.
extension KeyedDecodingContainer {
    /// The actions at `key`; throws when it is absent or null.
    public func decodeActions<Action: Decodable>(_ type: Action.Type, forKey key: Key) throws -> [Action] {
        guard let actions = try decodeActionsIfPresent(type, forKey: key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "an action field is required"))
        }
        return actions
    }

    /// The actions at `key`, or nil when it is absent or null.
    public func decodeActionsIfPresent<Action: Decodable>(_ type: Action.Type, forKey key: Key) throws -> [Action]? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let many = try? decode([Action].self, forKey: key) { return many }
        return [try decode(Action.self, forKey: key)]
    }
}
