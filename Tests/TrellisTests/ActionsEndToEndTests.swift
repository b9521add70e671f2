import Foundation
import Synchronization
import TestSupport
import Testing

/// `POST /_actions/<name>` through the running server against a recording backend (SPEC §11):
/// every check in its order with no backend call, the call itself, the answer's ops, the
/// backend's refusals and failures, the `Origin` rule and CORS.
@Suite(.serialized) struct ActionsEndToEndTests {
    static let json = ("Content-Type", "application/json")
    static let alice = ("Authorization", "Bearer alice")

    @Test func everyCheckComesInOrderAndNoneReachesTheBackend() throws {
        let backend = try ActionPages.backend()
        let pages = try ActionPages.make(backend: backend)
        let server = try ServerProcess(pages: pages.path, arguments: ["--max-body", "2048"])
        let client = try TestClient(port: server.port)
        let good = #"{"input":{"productId":"p1"},"page":"/shelf/1"}"#

        let get = try client.request("/_actions/buy")
        #expect(get.status == 405 && get.header("Allow") == "POST")
        #expect(try client.post("/_actions/nope", "{}", headers: [("Content-Type", "text/plain")]).status == 404)
        let text = try client.post("/_actions/buy", good, headers: [("Content-Type", "text/plain")])
        #expect(text.status == 415 && text.bodyText.contains("unsupported_media_type"))
        // Parameters and case aside, it is JSON: the next check (the body's shape) answers.
        #expect(try client.post("/_actions/buy", "[]", headers: [("Content-Type", "Application/JSON; charset=utf-8")]).status == 400)
        let large = try TestClient(port: server.port).post("/_actions/buy", String(repeating: " ", count: 4096) + good)
        #expect(large.status == 413)
        let version = try client.post("/_actions/buy", good, headers: [Self.json, ("X-Client-Version", "ios/five")])
        #expect(version.status == 400 && version.bodyText.contains("bad_client_version"))
        let key = try client.post("/_actions/buy", good, headers: [Self.json, ("Idempotency-Key", String(repeating: "k", count: 129))])
        #expect(key.status == 400 && key.bodyText.contains("Idempotency-Key"))
        let twice = try client.post("/_actions/buy", good, headers: [Self.json, Self.alice, ("Authorization", "Bearer bob")])
        #expect(twice.status == 400 && twice.bodyText.contains("bad_request"))
        for body in ["not json", #"{"input":[]}"#, #"{"page":"/shelf/1"}"#, #"{"input":{},"page":3}"#] {
            let shape = try client.post("/_actions/buy", body)
            #expect(shape.status == 400 && shape.bodyText.contains(#""code":"bad_request""#), "\(body)")
        }
        let input = try client.post("/_actions/buy", #"{"input":{"quantity":0,"note":"toolong","color":"red","productId":null}}"#)
        #expect(input.status == 400)
        #expect(input.bodyText == #"{"error":{"status":400,"code":"bad_input","message":"the input breaks the action's field rules","fields":{"#
            + #""productId":"required: expected a string of at most 1024 characters","quantity":"expected an integer from 1 to 20","#
            + #""note":"expected at most 5 characters","color":"not an input of this action"}}}"#)
        #expect(input.header("Cache-Control") == "no-store")
        #expect(backend.received.isEmpty)
        // A refusal is logged and counted as the action's, with no backend status.
        let refused = try client.post("/_actions/buy", #"{"input":{"quantity":50}}"#, headers: [Self.json, ("X-Client-Version", "ios/5.2.0")])
        #expect(refused.status == 400)
        let line = try server.waitFor("the refusal's access-log line", timeout: 10) {
            server.accessLog.first { $0.contains("path=/_actions/buy") && $0.contains("client=ios/5.2.0") }
        }
        #expect(line.contains("status=400") && line.contains("cache=bypass") && line.contains("action=buy backend=- error=bad_input"))
        let metrics = try client.request("/metrics").bodyText
        #expect(metrics.contains(#"trellis_actions_total{action="buy",status="400"} 10"#))
        #expect(metrics.contains(#"trellis_actions_total{action="-",status="404"} 1"#))
        #expect(metrics.contains(#"trellis_requests_total{page="-",section="",status="400",platform="ios",class="ios/5.1.0"} 1"#))
        #expect(server.stop() == 0)
    }

    /// A body over `--max-body` is refused by the server as it arrives, before the action is
    /// looked up (413 before 404), and is still an action answer: `no-store`, the client's
    /// `X-Request-Id`, logged with `action=` and counted in `trellis_actions_total`.
    @Test func aBodyOverTheLimitIsStillAnActionAnswer() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages, arguments: ["--max-body", "2048"])
        let big = #"{"input":{"productId":""# + String(repeating: "x", count: 4096) + #""}}"#
        let tooLarge = try TestClient(port: server.port).post("/_actions/add-to-cart", big, headers: [Self.json, ("X-Request-Id", "mine-413")])
        #expect(tooLarge.status == 413 && tooLarge.bodyText.contains(#""code":"content_too_large""#))
        #expect(tooLarge.header("Cache-Control") == "no-store")
        #expect(tooLarge.header("X-Request-Id") == "mine-413")
        // A chunked body over the limit, to a path that names no action: its label is `-`.
        let chunked = try TestClient(port: server.port)
        chunked.send("POST /_actions/nope HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nX-Request-Id: mine-chunked\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n1000\r\n" + String(repeating: "x", count: 4096) + "\r\n0\r\n\r\n")
        let unknown = try chunked.readResponse()
        #expect(unknown.status == 413 && unknown.header("Cache-Control") == "no-store" && unknown.header("X-Request-Id") == "mine-chunked")
        let lines = try server.waitFor("both 413s' access-log lines", timeout: 10) {
            let lines = server.accessLog.filter { $0.contains("status=413") }
            return lines.count == 2 ? lines : nil
        }
        let line = try #require(lines.first { $0.contains(" id=mine-413 ") })
        #expect(line.contains("path=/_actions/add-to-cart") && line.contains("action=add-to-cart backend=- error=content_too_large"))
        #expect(lines.contains { $0.contains(" id=mine-chunked ") && $0.contains("action=- backend=- error=content_too_large") })
        let metrics = try TestClient(port: server.port).request("/metrics").bodyText
        #expect(metrics.contains(#"trellis_actions_total{action="add-to-cart",status="413"} 1"#))
        #expect(metrics.contains(#"trellis_actions_total{action="-",status="413"} 1"#))
        #expect(metrics.contains(#"trellis_requests_total{page="-",section="",status="413",platform="none",class="none"} 2"#))
        #expect(server.stop() == 0)
    }

    @Test func aSuccessCallsTheBackendOnceAndAnswersTheChangedParts() throws {
        let backend = try ActionPages.backend()
        let pages = try ActionPages.make(backend: backend)
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        // The badge is cached for alice (ttlSeconds 60) before the action.
        #expect(try client.request("/shelf/1?_section=badge", headers: [Self.alice]).bodyText.contains("0 items"))
        let trace = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
        let answer = try client.post("/_actions/buy", #"{"input":{"productId":"p 1","quantity":2},"page":"/shelf/1?utm=x&_section=zz"}"#,
                                     headers: [Self.json, Self.alice, ("X-Request-Id", "req-42"), ("traceparent", trace),
                                               ("Idempotency-Key", "key-1"), ("X-Client-Version", "ios/5.2.0")])
        #expect(answer.status == 200)
        #expect(answer.header("Cache-Control") == "no-store")
        #expect(answer.bodyText == #"{"ops":[{"op":"replace","target":"badge","component":{"id":"badge","type":"text","data":{"text":"1 items"}}},"#
            + #"{"op":"remove","target":"promo"},"#
            + #"{"op":"toast","component":{"id":"toast","type":"text","data":{"text":"Added p%201"}}},"#
            + #"{"op":"navigate","url":"app://shelf/1?added=p 1"}]}"#)
        let call = try #require(backend.received.first { $0.target.hasPrefix("/items/") })
        #expect(call.method == "POST" && call.target == "/items/p%201")
        #expect(call.body == #"{"productId":"p 1","quantity":2}"#)
        #expect(call.header("Content-Type") == "application/json")
        #expect(call.header("Authorization") == "Bearer alice")
        #expect(call.header("X-Request-Id") == "req-42")
        #expect(call.header("Idempotency-Key") == "key-1")
        #expect(call.header("traceparent")?.hasPrefix("00-0af7651916cd43dd8448eb211c80319c-") == true)
        #expect(call.header("X-Client-Version") == nil)
        #expect(backend.received.filter { $0.target.hasPrefix("/items/") }.count == 1)
        let line = try server.waitFor("the access-log line", timeout: 10) { server.accessLog.first { $0.contains("path=/_actions/buy") } }
        #expect(line.contains("status=200") && line.contains("cache=bypass") && line.contains("action=buy") && line.contains("backend=201"))
        let metrics = try client.request("/metrics").bodyText
        #expect(metrics.contains(#"trellis_actions_total{action="buy",status="200"} 1"#))
        #expect(metrics.contains(#"trellis_action_duration_seconds_count{action="buy"} 1"#))
        #expect(server.stop() == 0)
    }

    @Test func theBackendsRefusalsAndFailuresAnswerAsTheActionSays() throws {
        let backend = try ActionPages.backend()
        let pages = try ActionPages.make(backend: backend)
        try pages.replaceByRename("actions/down.json", #"{"upstream":{"url":"http://127.0.0.1:1/x"},"invalidates":["basket"]}"#)
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        #expect(try client.request("/shelf/1?_section=badge", headers: [Self.alice]).bodyText.contains("0 items"))
        let sold = try client.post("/_actions/buy", #"{"input":{"productId":"sold"},"page":"/shelf/1"}"#, headers: [Self.json, Self.alice])
        #expect(sold.status == 200)
        #expect(sold.bodyText == #"{"ops":[{"op":"replace","target":"buy","component":{"id":"buy","type":"text","data":{"text":"Sold out: none left"}}}]}"#)
        let bad = try client.post("/_actions/buy", #"{"input":{"productId":"bad"}}"#, headers: [Self.json, Self.alice])
        #expect(bad.status == 422 && bad.bodyText.contains("upstream_rejected") && bad.header("Cache-Control") == "no-store")
        let boom = try client.post("/_actions/buy", #"{"input":{"productId":"boom"},"page":"/shelf/1"}"#, headers: [Self.json, Self.alice])
        #expect(boom.status == 502 && boom.bodyText.contains("upstream_failed"))
        #expect(try client.post("/_actions/down", #"{"input":{}}"#).status == 502)
        // Nothing was invalidated: the backend's basket grew (boom), the cached badge did not.
        #expect(try client.request("/shelf/1?_section=badge", headers: [Self.alice]).bodyText.contains("0 items"))
        // The line is written after the answer: waited for, not read at once.
        let failed = try server.waitFor("the failed call's access-log line", timeout: 10) {
            server.accessLog.first { $0.contains("path=/_actions/buy") && $0.contains("status=502") }
        }
        #expect(failed.contains("backend=503"))
        #expect(server.stop() == 0)
    }

    @Test func aSharedSourceIsInvalidatedWithTheCachedPagesThatBoundIt() throws {
        let restocks = Mutex(0)
        let backend = try RecordingBackend { call in
            if call.target == "/restock" { restocks.withLock { $0 += 1 } }
            return (200, #"{"level":\#(restocks.withLock { $0 })}"#)
        }
        let pages = try ActionPages.make(backend: backend)
        try pages.setSources(["stock": #"{ "url": "\#(backend.url("/stock/{{key}}"))", "timeoutMs": 2000, "ttlSeconds": 60 }"#])
        try pages.replaceByRename("pages/stock.json", """
            { "route": "/stock", "maxAge": 60, "data": { "stock": { "source": "stock", "key": "all" } },
              "root": { "id": "stock", "type": "page", "data": { "children": [
                { "id": "level", "type": "text", "data": { "text": "level {{stock.level}}" } } ] } } }
            """)
        try pages.replaceByRename("actions/restock.json", #"{"upstream":{"url":"\#(backend.url("/restock"))"},"invalidates":["stock"]}"#)
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        #expect(try client.request("/stock").bodyText.contains("level 0"))
        #expect(try client.request("/stock").bodyText.contains("level 0"))
        #expect(try server.metric("trellis_cache_hits_total") == 1)
        #expect(try client.post("/_actions/restock", #"{"input":{}}"#).status == 200)
        // The cached page and the cached value are gone: the next request asks the backend.
        #expect(try client.request("/stock").bodyText.contains("level 1"))
        #expect(backend.received.filter { $0.target == "/stock/all" }.count == 2)
        #expect(server.stop() == 0)
    }

    @Test func aPageThatDoesNotRouteOrIsTheUpgradePageRefreshesNothing() throws {
        let backend = try ActionPages.backend()
        let pages = try ActionPages.make(backend: backend)
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        let toast = #"{"op":"toast","component":{"id":"toast","type":"text","data":{"text":"Added p1"}}}"#
        // minVersions does not block an action; below it, the page would be the upgrade page.
        let old = try client.post("/_actions/buy", #"{"input":{"productId":"p1"},"page":"/shelf/1"}"#,
                                  headers: [Self.json, Self.alice, ("X-Client-Version", "ios/3.0.0")])
        #expect(old.status == 200 && old.bodyText == #"{"ops":["# + toast + #",{"op":"navigate","url":"app://shelf/1?added=p1"}]}"#)
        let nowhere = try client.post("/_actions/buy", #"{"input":{"productId":"p1"},"page":"/nowhere"}"#, headers: [Self.json, Self.alice])
        #expect(nowhere.status == 200 && nowhere.bodyText == #"{"ops":["# + toast + "]}")
        #expect(server.stop() == 0)
    }

    @Test func aBackendThatDoesNotAnswerInTimeIsA504() throws {
        let backend = try ActionPages.backend(gated: true)
        let pages = try ActionPages.make(backend: backend, timeoutMs: 200)
        let server = try ServerProcess(pages: pages.path)
        let answer = try TestClient(port: server.port).post("/_actions/buy", #"{"input":{"productId":"p1"}}"#)
        #expect(answer.status == 504 && answer.bodyText.contains("upstream_timeout"))
        #expect(backend.received.count == 1)
        backend.openGate()
        #expect(server.stop() == 0)
    }

    @Test func concurrentDuplicatesJoinOneCallAndOthersNever() throws {
        let backend = try ActionPages.backend(gated: true)
        let pages = try ActionPages.make(backend: backend)
        let server = try ServerProcess(pages: pages.path)
        let body = #"{"input":{"productId":"p1"}}"#
        func send(_ client: TestClient, key: String?, user: String = "Bearer alice", body: String = body) {
            var head = "POST /_actions/buy HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nAuthorization: \(user)\r\n"
            if let key { head += "Idempotency-Key: \(key)\r\n" }
            client.send(head + "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
        }
        let first = try TestClient(port: server.port)
        send(first, key: "k1")
        #expect(backend.awaitCalls(1))
        let same = try (0..<3).map { _ in try TestClient(port: server.port) }
        for client in same { send(client, key: "k1") }
        let others = try (0..<4).map { _ in try TestClient(port: server.port) }
        send(others[0], key: nil)
        send(others[1], key: "k2")
        send(others[2], key: "k1", user: "Bearer bob")
        send(others[3], key: "k1", body: #"{"input":{"productId":"p2"}}"#)
        // Three joined the call in flight; the four others made calls of their own.
        _ = try server.waitFor("three joined", timeout: 10) { (try? server.metric("trellis_action_calls_joined_total")) == 3 ? true : nil }
        #expect(backend.awaitCalls(5))
        backend.openGate()
        for client in [first] + same + others { #expect(try client.readResponse().status == 200) }
        #expect(backend.received.filter { $0.target.hasPrefix("/items/") }.count == 5)
        #expect(server.stop() == 0)
    }

    @Test func anActionForwardingCookieNeedsAnOriginListedByName() throws {
        let backend = try ActionPages.backend()
        let pages = try ActionPages.make(backend: backend)
        let server = try ServerProcess(pages: pages.path, arguments: ["--cors-origins", "https://shop.example"])
        let client = try TestClient(port: server.port)
        let body = #"{"input":{}}"#
        #expect(try client.post("/_actions/cookie", body, headers: [Self.json, ("Cookie", "s=1")]).status == 403)
        let foreign = try client.post("/_actions/cookie", body, headers: [Self.json, ("Cookie", "s=1"), ("Origin", "https://evil.example")])
        #expect(foreign.status == 403 && foreign.bodyText.contains(#""code":"forbidden""#))
        #expect(backend.received.isEmpty)
        let listed = try client.post("/_actions/cookie", body, headers: [Self.json, ("Cookie", "s=1"), ("Origin", "https://shop.example")])
        #expect(listed.status == 200 && listed.bodyText == #"{"ops":[]}"#)
        #expect(listed.header("Access-Control-Allow-Origin") == "https://shop.example")
        #expect(listed.header("Access-Control-Allow-Credentials") == "true")
        #expect(backend.received.first?.header("Cookie") == "s=1")
        let preflight = try client.request("/_actions/buy", method: "OPTIONS", headers: [
            ("Origin", "https://shop.example"), ("Access-Control-Request-Method", "POST")])
        #expect(preflight.status == 204 && preflight.header("Access-Control-Allow-Methods") == "POST")
        let allowed = preflight.header("Access-Control-Allow-Headers") ?? ""
        for name in ["Content-Type", "Idempotency-Key", "X-Client-Version", "Authorization"] { #expect(allowed.contains(name), "\(name)") }
        #expect(preflight.header("Access-Control-Allow-Credentials") == "true")
        #expect(server.stop() == 0)
    }

    @Test func anyOriginDoesNotCountForCookie() throws {
        let backend = try ActionPages.backend()
        let pages = try ActionPages.make(backend: backend)
        let server = try ServerProcess(pages: pages.path, arguments: ["--cors-origins", "*,https://shop.example"])
        let client = try TestClient(port: server.port)
        let answer = try client.post("/_actions/cookie", #"{"input":{}}"#, headers: [Self.json, ("Cookie", "s=1"), ("Origin", "https://any.example")])
        #expect(answer.status == 403 && answer.header("Access-Control-Allow-Origin") == "*")
        #expect(backend.received.isEmpty)
        // Listed by name as well as `*`: its own origin, never `*`, beside the credentials.
        let listed = try client.post("/_actions/cookie", #"{"input":{}}"#, headers: [Self.json, ("Cookie", "s=1"), ("Origin", "https://shop.example")])
        #expect(listed.status == 200 && listed.header("Access-Control-Allow-Origin") == "https://shop.example")
        #expect(listed.header("Access-Control-Allow-Credentials") == "true")
        #expect(server.stop() == 0)
    }
}
