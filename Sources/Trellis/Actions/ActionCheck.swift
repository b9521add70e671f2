import Foundation
import HTTPServer
import SDUI

/// A `POST /_actions/<name>` that passed every check of SPEC §11, in its order: the method
/// (405), the action (404), the content type (415), the body's size (413), the `Origin` rule
/// (403), the headers of §4.1 and `Idempotency-Key` (400), the body's shape (400
/// `bad_request`), the input rules (400 `bad_input`). Nothing reaches a backend before.
struct ActionCheck: Sendable {
    /// Where actions are posted: `/_actions/<name>`.
    static let prefix = "/_actions/"

    let action: ServerAction
    /// The input as the backend gets it (nulls left out).
    let input: JSONObject
    /// The path and query of the page the client is on, when it said.
    let page: String?
    /// `Idempotency-Key`, when sent.
    let idempotencyKey: String?
    /// What the headers say of the client (its class decides the answer's components).
    let query: PageQuery

    /// Whether `path` is an action's.
    static func handles(_ path: String) -> Bool { path.hasPrefix(prefix) }

    /// The name an action's path gives: what follows `/_actions/`. Cut as UTF-8 (the prefix is
    /// ASCII): counting the prefix's characters and dropping them from the path cost more. The
    /// rest is copied into the name whole (repaired as `String(decoding:as:)` repairs bytes
    /// that are not UTF-8): a short ASCII name is then known valid at once.
    static func actionName(_ path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            let rest = UnsafeBufferPointer(rebasing: bytes.dropFirst(prefix.utf8.count))
            return String(unsafeUninitializedCapacity: rest.count) { $0.initialize(fromContentsOf: rest) }
        }
    }

    /// The checks of `request` against `site`'s actions; `maxBody` is `--max-body`, `cors` the
    /// `--cors-origins` policy (nil: none listed).
    static func check(_ request: HTTPRequest, site: Site, maxBody: Int, cors: CORSPolicy?) -> Result<ActionCheck, ActionError> {
        check(request, action: site.action(named: actionName(request.path)), maxBody: maxBody, cors: cors)
    }

    /// The checks of `request`, whose path names `action` (nil: no action of the site), looked
    /// up by the caller, which labels the answer with it.
    static func check(_ request: HTTPRequest, action: ServerAction?, maxBody: Int, cors: CORSPolicy?) -> Result<ActionCheck, ActionError> {
        guard request.method == "POST" else {
            return .failure(ActionError(HTTPError(status: 405, code: "method_not_allowed", message: "an action is performed with POST",
                                                  headers: HTTPHeaders([("Allow", "POST")]))))
        }
        guard let action else {
            return .failure(ActionError(.notFound))
        }
        guard request.headers.withCombinedValue(of: "Content-Type", { $0.map(isJSON) ?? false }) else {
            return .failure(ActionError(status: 415, code: "unsupported_media_type", "an action's body is application/json"))
        }
        guard request.body.count <= maxBody else { return .failure(ActionError(.contentTooLarge)) }
        if action.upstream.forwardsCookie, cors?.listsByName(request.headers) != true {
            return .failure(ActionError(status: 403, code: "forbidden",
                                        "this action forwards Cookie: it needs an Origin that --cors-origins lists by name"))
        }
        let query: PageQuery
        switch PageQuery.parse(request.headers) {
        case .success(let parsed): query = parsed
        case .failure(let error): return .failure(ActionError(error))
        }
        if let twice = ForwardedHeaders.repeatedCredential(among: action.upstream.forwardHeaders, in: request.headers) {
            return .failure(ActionError(.badRequest("\(twice) is sent more than once; a credential is one field")))
        }
        let key = request.headers.combinedValue("Idempotency-Key")
        if let key, request.headers.count(of: "Idempotency-Key") > 1 || !isIdempotencyKey(key) {
            return .failure(ActionError(.badRequest("Idempotency-Key must be 1 to 128 visible ASCII characters")))
        }
        guard case .object(let body)? = try? JSONParser.parse(request.body), case .object(let input)? = body["input"] else {
            return .failure(ActionError(.badRequest("the body is a JSON object with an \"input\" object")))
        }
        var page: String?
        if let value = body["page"], value != .null {
            guard let text = value.stringValue, text.hasPrefix("/") else {
                return .failure(ActionError(.badRequest("\"page\" is the path and query of the page the client is on")))
            }
            page = text
        }
        switch action.check(input: input) {
        case .success(let checked):
            return .success(ActionCheck(action: action, input: checked, page: page, idempotencyKey: key, query: query))
        case .failure(let bad):
            return .failure(ActionError(ActionError.refusedInput, fields: bad.members))
        }
    }

    /// 1 to 128 visible ASCII characters.
    static func isIdempotencyKey(_ key: String) -> Bool {
        (1...128).contains(key.utf8.count) && key.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// Whether a `Content-Type` is `application/json`, parameters and ASCII case aside, with the
    /// spaces and tabs around the type (RFC 9110 §8.3.1). Read as the value's bytes where they
    /// lie, no `String` made: every action asks. Bytes that are not UTF-8 are never part of the
    /// ASCII type, as they would not be once repaired.
    static func isJSON(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        let type = UnsafeBufferPointer(rebasing: value[..<(value.firstIndex(of: UInt8(ascii: ";")) ?? value.count)])
        return ByteClass.equalsLowercase(ByteClass.trimmingSpaces(type), "application/json")
    }
}
