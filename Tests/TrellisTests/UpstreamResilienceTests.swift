import Dispatch
import HTTPServer
import SDUI
import Synchronization
import Testing
import TestSupport
@testable import Trellis

/// What an upstream call carries and how a source fails (SPEC §6.2, §6.3): forwarded headers,
/// the request id and trace, values kept per user, stale-if-error and the circuit breaker.
@Suite final class UpstreamResilienceTests: Sendable {
    let fake = FakeUpstream()
    let clock = FakeUpstream.Clock()

    deinit { fake.stop() }

    /// A url data request for `source` (as sources.json would declare it) with key `key`.
    func dataRequest(_ source: String, key: String = "k") throws -> DataRequest {
        let sources = #"{"sources":{"\#(source)":{"url":"\#(fake.url("/\(source)/{{key}}"))","ttlSeconds":60,"#
            + #""forwardHeaders":["Authorization","Accept-Language"],"staleIfErrorSeconds":600,"breakerFailures":2,"breakerCooldownMs":1000}}}"#
        let files = [
            "catalog.json": #"{"components":{"page":{"slots":["children"]}}}"#, "rollout.json": "{}", "sources.json": sources,
            "pages/upgrade.json": #"{"root":{"id":"upgrade","type":"page","data":{"children":[]}}}"#,
            "pages/not-found.json": #"{"root":{"id":"nf","type":"page","data":{"children":[]}}}"#,
            "pages/p.json": #"{"route":"/p","data":{"x":{"source":"\#(source)","key":"\#(key)"}},"root":{"id":"p","type":"page","data":{"children":[]}}}"#,
        ]
        guard case .success(let site) = Site.load(files: files.mapValues { Array($0.utf8) }) else { throw TestFailure("fixture") }
        return try #require(site.dataRequests(template: "p", params: [:]).first)
    }

    func call(_ data: DataRequest, _ headers: [(String, String)], requestID: String = "r-1") throws -> UpstreamRequest {
        let request = HTTPRequest(method: "GET", target: "/p", headers: HTTPHeaders(headers), requestID: requestID)
        return try #require(UpstreamClient.upstreamRequest(data, context: PageRequestContext(request, date: TestInstant.date)))
    }

    func fetch(_ client: UpstreamClient, _ request: UpstreamRequest) -> UpstreamValue? {
        let answer = Mutex<UpstreamValue?>(nil)
        let done = DispatchSemaphore(value: 0)
        client.fetch(request) { value in
            answer.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 }
    }

    @Test func forwardedHeadersTheRequestIdAndAChildTraceparentReachTheUpstream() throws {
        fake.script("/cart/k", .json("1"))
        let traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
        let request = try call(dataRequest("cart"), [("Authorization", "Bearer alice"), ("traceparent", traceparent),
                                                     ("Cookie", "not=forwarded")], requestID: "req-42")
        #expect(fetch(UpstreamClient(registry: MetricsRegistry()), request) == .fresh(.number("1")))
        let head = try #require(fake.heads("/cart/k").first)
        #expect(head.contains("\r\nAuthorization: Bearer alice") && head.contains("\r\nX-Request-Id: req-42"))
        #expect(head.contains("\r\ntraceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-"))
        #expect(!head.contains("00f067aa0ba902b7") && !head.contains("Cookie") && !head.contains("Accept-Language"))
    }

    @Test func valuesOfASourceThatForwardsHeadersAreKeptPerUser() throws {
        fake.script("/cart/k", .echoHeader("Authorization"))
        let client = UpstreamClient(registry: MetricsRegistry())
        let data = try dataRequest("cart")
        let users = (0..<8).map { "Bearer user-\($0)" }
        DispatchQueue.concurrentPerform(iterations: 200) { i in
            let user = users[i % users.count]
            let value = fetch(client, try! call(data, [("Authorization", user)]))
            #expect(value?.json["value"]?.stringValue == user)
        }
        #expect(fake.requests("/cart/k") == users.count)  // one call per user, then the per-user cache
    }

    @Test func aStaleValueStandsInForAFailedFetchWithinItsWindow() throws {
        fake.script("/recs/k", .json(#""v1""#))
        let client = UpstreamClient(registry: MetricsRegistry(), now: clock.now)
        let request = try call(dataRequest("recs"), [])
        #expect(fetch(client, request) == .fresh(.string("v1")))
        clock.advance(.seconds(61))  // past ttlSeconds 60
        fake.script("/recs/k", .status(503))
        #expect(fetch(client, request) == .stale(.string("v1")))
        #expect(fake.requests("/recs/k") == 2)
        clock.advance(.seconds(600))  // past staleIfErrorSeconds 600
        #expect(fetch(client, request) == nil)
    }

    @Test func theBreakerOpensAfterConsecutiveFailuresAndAGoodProbeClosesIt() throws {
        fake.script("/flaky/k", .status(500))
        let registry = MetricsRegistry()
        let client = UpstreamClient(registry: registry, now: clock.now)
        let request = try call(dataRequest("flaky"), [])
        #expect(fetch(client, request) == nil)
        #expect(fetch(client, request) == nil)  // breakerFailures 2: open
        #expect(registry.render().contains(#"trellis_upstream_breaker_open{source="flaky"} 1"#))
        fake.script("/flaky/k", .json("1"))
        #expect(fetch(client, request) == nil)  // open: no call at all
        #expect(fake.requests("/flaky/k") == 2)
        clock.advance(.milliseconds(1001))  // breakerCooldownMs 1000: one probe goes through
        #expect(fetch(client, request) == .fresh(.number("1")))
        #expect(fake.requests("/flaky/k") == 3)
        #expect(registry.render().contains(#"trellis_upstream_breaker_open{source="flaky"} 0"#))
    }

    /// A 4xx is the backend saying a key has no value (an unknown id, a user not signed in):
    /// no value, but no failure, so such requests never shut the source off for everyone else;
    /// 408 and 429 (the backend struggling) and 5xx still count.
    @Test func answersThatAKeyHasNoValueLeaveTheBreakerClosed() throws {
        let registry = MetricsRegistry()
        let client = UpstreamClient(registry: registry, now: clock.now)
        for status in [404, 401, 400, 410] {
            let path = "/gone\(status)/k"
            fake.script(path, .status(status))
            let request = try call(dataRequest("gone\(status)"), [])
            for _ in 0..<3 { #expect(fetch(client, request) == nil) }
            #expect(fake.requests(path) == 3, "breakerFailures 2: a failure would have opened it after two")
            #expect(registry.render().contains(#"trellis_upstream_breaker_open{source="gone\#(status)"} 0"#))
        }
        for status in [429, 408, 503] {
            let path = "/busy\(status)/k"
            fake.script(path, .status(status))
            let request = try call(dataRequest("busy\(status)"), [])
            for _ in 0..<3 { #expect(fetch(client, request) == nil) }
            #expect(fake.requests(path) == 2, "open after two failures: the third makes no call")
        }
    }

    @Test func aFailedProbeOpensTheBreakerAgain() throws {
        fake.script("/down/k", .status(500))
        let client = UpstreamClient(registry: MetricsRegistry(), now: clock.now)
        let request = try call(dataRequest("down"), [])
        _ = fetch(client, request)
        _ = fetch(client, request)
        clock.advance(.milliseconds(1001))
        #expect(fetch(client, request) == nil)  // the probe fails
        #expect(fetch(client, request) == nil)  // open again: no call
        #expect(fake.requests("/down/k") == 3)
    }
}
