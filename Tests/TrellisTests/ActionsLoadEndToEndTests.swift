import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

/// Actions under load (SPEC §11): 4 users × 50 concurrent add-to-cart requests, each with its
/// own `Idempotency-Key`, plus 50 exact duplicates sent while the originals are in flight. The
/// backend records exactly 200 calls; each user's cart and badge match what it holds; no answer
/// or page ever shows one user another's cart.
@Suite(.serialized) struct ActionsLoadEndToEndTests {
    static let users = ["alice", "bob", "carol", "dave"]

    /// A cart backend: `/items/<id>` adds the id to the caller's cart, `/basket/mine` answers
    /// `{"owner":…,"count":…,"items":[…]}`; answers are held until the gate opens.
    /// Each user's cart as the backend holds it.
    final class Carts: Sendable {
        let items = Mutex<[String: [String]]>([:])
    }

    static func backend(carts: Carts) throws -> RecordingBackend {
        try RecordingBackend(gated: true) { call in
            let user = String((call.header("Authorization") ?? "").dropFirst("Bearer ".count))
            if call.target == "/basket/mine" {
                let items = carts.items.withLock { $0[user] ?? [] }
                let list = items.map { #""\#($0)""# }.joined(separator: ",")
                return (200, #"{"owner":"\#(user)","count":\#(items.count),"items":[\#(list)]}"#)
            }
            let id = String(call.target.dropFirst("/items/".count))
            carts.items.withLock { $0[user, default: []].append(id) }
            return (201, #"{"message":"Added \#(id)"}"#)
        }
    }

    static func request(user: String, item: Int) -> String {
        let body = #"{"input":{"productId":"\#(user)-\#(item)"},"page":"/shelf/1"}"#
        return "POST /_actions/buy HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nAuthorization: Bearer \(user)\r\n"
            + "Idempotency-Key: \(user)-\(item)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
    }

    @Test func twoHundredAddsAndFiftyDuplicatesMakeExactlyTwoHundredCalls() throws {
        ConcurrentRequests.raiseOpenFileLimit()
        let carts = Carts()
        let backend = try Self.backend(carts: carts)
        let pages = try ActionPages.make(backend: backend)
        try pages.replaceByRename("pages/shelf.json", """
            { "route": "/shelf/:id", "maxAge": 60, "data": { "basket": { "source": "basket", "key": "mine" } },
              "root": { "id": "shelf", "type": "page", "data": { "children": [
                { "$section": "badge", "then": { "id": "badge", "type": "text", "data": { "text": "{{basket.owner}}: {{basket.count}} items" } } },
                { "$section": "promo", "then": { "id": "lines", "type": "column", "data": { "elements": [
                  { "$each": "basket.items", "as": "item", "template": { "id": "line-{{item}}", "type": "text", "data": { "text": "{{item}}" } } }
                ] } } } ] } } }
            """)
        let server = try ServerProcess(pages: pages.path)
        let originals = Self.users.flatMap { user in (0..<50).map { Self.request(user: user, item: $0) } }
        let duplicates = (0..<50).map { originals[$0 * 4 + $0 % 4] }

        let answers = Mutex<[String?]>([])
        let sent = DispatchGroup()
        DispatchQueue.global().async(group: sent) {
            let outcome = ConcurrentRequests.run(port: server.port, requests: originals, timeout: .seconds(20))
            answers.withLock { $0 += outcome.answers }
        }
        #expect(backend.awaitCalls(200))
        DispatchQueue.global().async(group: sent) {
            let outcome = ConcurrentRequests.run(port: server.port, requests: duplicates, timeout: .seconds(20))
            answers.withLock { $0 += outcome.answers }
        }
        _ = try server.waitFor("the duplicates joined", timeout: 10) {
            (try? server.metric("trellis_action_calls_joined_total")) == 50 ? true : nil
        }
        backend.openGate()
        #expect(sent.wait(timeout: .now() + 25) == .success)

        let all = answers.withLock { $0 }
        #expect(all.count == 250)
        for answer in all {
            let text = try #require(answer)
            #expect(text.hasPrefix("HTTP/1.1 200 "), "\(text.prefix(200))")
            // The badge and lines refreshed in an answer are its own user's only.
            let user = try #require(Self.users.first { text.contains("Added \($0)-") })
            #expect(text.contains(#""text":"\#(user): "#))
            for other in Self.users where other != user { #expect(!text.contains("\(other)-") && !text.contains("\(other): ")) }
        }
        #expect(backend.received.filter { $0.target.hasPrefix("/items/") }.count == 200)
        let client = try TestClient(port: server.port)
        for user in Self.users {
            let held = carts.items.withLock { $0[user] ?? [] }
            #expect(Set(held) == Set((0..<50).map { "\(user)-\($0)" }))
            let auth = [("Authorization", "Bearer \(user)")]
            #expect(try client.request("/shelf/1?_section=badge", headers: auth).bodyText.contains(#""text":"\#(user): 50 items""#))
            let lines = try client.request("/shelf/1?_section=promo", headers: auth).bodyText
            #expect(held.allSatisfy { lines.contains(#""id":"line-\#($0)""#) })
            for other in Self.users where other != user { #expect(!lines.contains("\(other)-")) }
        }
        #expect(server.stop() == 0)
    }
}
