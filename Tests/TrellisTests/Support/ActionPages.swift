import Foundation
import Synchronization
import TestSupport

/// A Pages folder for the action tests (SPEC §11): the sample Pages plus a `basket` source
/// (per user, on a `RecordingBackend`), a `/shelf/:id` page with a `badge` section that binds
/// it and a `promo` section that drops out without a promotion, and the actions `buy`, `fail`
/// (its backend answers what the product id says) and `cookie` (forwards `Cookie`).
enum ActionPages {
    static func make(backend: RecordingBackend, timeoutMs: Int = 5000) throws -> TempPages {
        let pages = try TempPages()
        try pages.setSources([
            "basket": #"{ "url": "\#(backend.url("/basket/{{key}}"))", "timeoutMs": 2000, "ttlSeconds": 60, "forwardHeaders": ["Authorization"] }"#,
        ])
        try pages.replaceByRename("pages/shelf.json", """
            { "route": "/shelf/:id", "maxAge": 60, "data": { "basket": { "source": "basket", "key": "mine" } },
              "root": { "id": "shelf", "type": "page", "data": { "children": [
                { "id": "buy", "type": "button", "data": { "title": "Buy {{params.id}}",
                  "action": { "type": "navigate", "url": "app://buy/{{params.id}}" } } },
                { "$section": "badge", "then": { "id": "badge", "type": "text", "data": { "text": "{{basket.count}} items" } } },
                { "$section": "promo", "then": { "$if": "basket.promo", "then":
                  { "id": "promo", "type": "text", "data": { "text": "{{basket.promo}}" } } } } ] } } }
            """)
        try FileManager.default.createDirectory(atPath: pages.path + "/actions", withIntermediateDirectories: true)
        try pages.replaceByRename("actions/buy.json", """
            { "input": { "productId": { "type": "string", "required": true },
                         "quantity": { "type": "integer", "min": 1, "max": 20 },
                         "note": { "type": "string", "maxLength": 5 } },
              "upstream": { "url": "\(backend.url("/items/{{input.productId}}"))", "method": "POST",
                            "forwardHeaders": ["Authorization"], "timeoutMs": \(timeoutMs) },
              "invalidates": ["basket"], "refresh": ["promo", "badge"],
              "then": [ { "op": "toast", "component": { "id": "toast", "type": "text", "data": { "text": "{{result.message}}" } } },
                        { "op": "navigate", "url": "app://shelf/{{params.id}}?added={{input.productId}}" } ],
              "onError": { "409": [ { "op": "replace", "target": "buy",
                                      "component": { "id": "buy", "type": "text", "data": { "text": "Sold out: {{result.reason}}" } } } ] } }
            """)
        try pages.replaceByRename("actions/cookie.json", """
            { "upstream": { "url": "\(backend.url("/cookie"))", "forwardHeaders": ["Cookie"] } }
            """)
        return pages
    }

    /// The backend of `make`: `/items/<id>` adds one line to the caller's basket (201
    /// `{"message":"Added <id>"}`), except `sold` (409 with a reason), `bad` (400), `boom`
    /// (503, yet it adds a line: a failure that changed something must invalidate nothing);
    /// `/basket/mine` answers the caller's `{"count":n}`.
    static func backend(gated: Bool = false) throws -> RecordingBackend {
        let baskets = Mutex<[String: Int]>([:])
        return try RecordingBackend(gated: gated) { call in
            let user = call.header("Authorization") ?? ""
            switch call.target {
            case "/basket/mine": return (200, #"{"count":\#(baskets.withLock { $0[user] ?? 0 })}"#)
            case "/items/sold": return (409, #"{"reason":"none left"}"#)
            case "/items/bad": return (400, #"{"reason":"no"}"#)
            case "/items/boom":
                baskets.withLock { $0[user, default: 0] += 1 }
                return (503, "")
            case "/cookie": return (204, "")
            default:
                baskets.withLock { $0[user, default: 0] += 1 }
                return (201, #"{"message":"Added \#(call.target.split(separator: "/").last ?? "")"}"#)
            }
        }
    }
}

extension TestClient {
    /// Sends `POST path` with `body` (and its `Content-Length`) and `headers`; reads the answer.
    func post(_ path: String, _ body: String, headers: [(String, String)] = [("Content-Type", "application/json")]) throws -> Response {
        var head = "POST \(path) HTTP/1.1\r\nHost: test\r\nContent-Length: \(body.utf8.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        send(head + "\r\n" + body)
        return try readResponse()
    }
}
