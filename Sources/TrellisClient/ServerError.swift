/// The JSON error object of an answer that is not a page or an action's ops (SPEC §4.2, §11):
/// `{"error":{"status":400,"code":"bad_input","message":"…","fields":{"quantity":"…"}}}`, kept
/// whole so that a member a newer server adds is still there.
public struct ServerError: Sendable, Equatable {
    /// The object under `error`, as sent.
    public let object: JSON

    /// The error object of `body`, or nil when it is not one.
    public init?(body: JSON) {
        guard let object = body["error"], case .object = object else { return nil }
        self.object = object
    }

    /// `bad_request`, `not_found`, `bad_input`, `upstream_rejected`, ….
    public var code: String? { object["code"]?.stringValue }
    public var message: String? { object["message"]?.stringValue }
    /// For `bad_input`: each bad input field and what was expected of it.
    public var fields: [String: String] {
        guard case .object(let members)? = object["fields"] else { return [:] }
        return members.compactMapValues(\.stringValue)
    }
}
