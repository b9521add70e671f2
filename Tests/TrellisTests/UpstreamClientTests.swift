import SDUI
import Testing
@testable import Trellis
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP side of `UpstreamClient` against a scripted upstream over real sockets.
@Suite final class UpstreamClientTests: Sendable {
    let fake = FakeUpstream()
    let client = UpstreamClient(registry: MetricsRegistry())

    deinit { fake.stop() }

    @Test func fetchesAJSONValue() throws {
        fake.script("/recs/1", .json(#"{"items":[1,2]}"#))
        let value = try #require(client.value(fake.request("/recs/1")))
        #expect(value == (try JSONParser.parse(#"{"items":[1,2]}"#)))
    }

    @Test func readsChunkedAndCloseDelimitedBodies() throws {
        fake.script("/chunked", .chunked(#"{"title":"a chunked body"}"#))
        fake.script("/close", .untilClose(#"[true,false]"#))
        #expect(client.value(fake.request("/chunked"))?["title"]?.stringValue == "a chunked body")
        #expect(client.value(fake.request("/close"))?.arrayValue?.count == 2)
    }

    @Test func fetchesAllConcurrently() throws {
        // Each answers only while the other is waiting too: one after the other gets no value.
        fake.script("/slow/a", .barrier("1", parties: 2))
        fake.script("/slow/b", .barrier("2", parties: 2))
        let values = client.values([fake.request("/slow/a", timeout: .seconds(20)), fake.request("/slow/b", timeout: .seconds(20))])
        #expect(values == [.some(try JSONParser.parse("1")), .some(try JSONParser.parse("2"))])
    }

    @Test func fetchAllKeepsOrderAndMissingValues() throws {
        fake.script("/ok", .json(#""ok""#))
        fake.script("/bad", .status(500))
        let values = client.values([fake.request("/bad"), fake.request("/ok"), fake.request("/bad2")])
        #expect(values == [nil, .some(try JSONParser.parse(#""ok""#)), nil])
        #expect(client.values([]).isEmpty)
    }

    @Test func timesOut() {
        // The gate stays closed until after the answer: only the timeout can end the call.
        let registry = MetricsRegistry()
        let client = UpstreamClient(registry: registry)
        fake.script("/late", .gated("1"))
        let started = ContinuousClock.now
        let value = client.value(fake.request("/late", source: "late", timeout: .milliseconds(100)))
        #expect(value == nil)
        #expect(ContinuousClock.now - started >= .milliseconds(95))
        #expect(registry.render().contains(#"trellis_upstream_timeouts_total{source="late"} 1"#))
        fake.openGate()
    }

    @Test func aSilentUpstreamTimesOut() {
        fake.script("/hang", .hang)
        #expect(client.value(fake.request("/hang", timeout: .milliseconds(100))) == nil)
    }

    @Test func callsBeyondTheConcurrencyCapAreNoValueAtOnce() {
        let capped = UpstreamClient(registry: MetricsRegistry(), maxConcurrentCalls: 1)
        fake.script("/hang/1", .hang)
        fake.script("/ok", .json("1"))
        let busy = CapturedFlag()
        capped.fetch(fake.request("/hang/1", timeout: .seconds(2))) { _ in busy.set() }
        // The one allowed call is hanging: a second URL gets no value without reaching the fake.
        #expect(capped.value(fake.request("/ok", timeout: .seconds(2))) == nil)
        #expect(fake.requests("/ok") == 0)
        #expect(!busy.isSet)
    }

    @Test func non200IsNoValue() {
        fake.script("/500", .status(500))
        fake.script("/404", .status(404))
        #expect(client.value(fake.request("/500")) == nil)
        #expect(client.value(fake.request("/404")) == nil)
    }

    @Test func notJSONIsNoValue() {
        fake.script("/text", .notJSON)
        #expect(client.value(fake.request("/text")) == nil)
    }

    @Test func jsonDeeperThan64LevelsIsNoValue() {
        let nested = { (depth: Int) in String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        fake.script("/deep/64", .json(nested(64)))
        fake.script("/deep/65", .json(nested(65)))
        #expect(client.value(fake.request("/deep/64")) != nil)
        #expect(client.value(fake.request("/deep/65")) == nil)
    }

    @Test func aResetIsNoValue() {
        fake.script("/reset", .reset)
        #expect(client.value(fake.request("/reset")) == nil)
        #expect(fake.requests("/reset") == 1)
    }

    @Test func aRefusedConnectionIsNoValueAtOnceNotATimeout() {
        // A bound socket that never listens: connecting to it is refused.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        let port = UInt16(bigEndian: address.sin_port)
        let registry = MetricsRegistry()
        let client = UpstreamClient(registry: registry)
        let request = UpstreamRequest(source: "s", url: "http://127.0.0.1:\(port)/x", timeout: .seconds(5), ttl: .seconds(30))
        #expect(client.value(request) == nil)
        let metrics = registry.render()
        #expect(metrics.contains(#"trellis_upstream_failures_total{source="s"} 1"#))
        #expect(!metrics.contains(#"trellis_upstream_timeouts_total{source="s"}"#))
    }

    @Test func httpsAndBadURLsAreNoValue() {
        #expect(client.value(UpstreamRequest(source: "s", url: "https://127.0.0.1/x", timeout: .seconds(1), ttl: .zero)) == nil)
        #expect(client.value(UpstreamRequest(source: "s", url: "not a url", timeout: .seconds(1), ttl: .zero)) == nil)
    }

    @Test func anOversizedResponseIsNoValue() {
        let small = UpstreamClient(registry: MetricsRegistry(), maxResponseBytes: 1024)
        fake.script("/big", .json("[" + Array(repeating: "1", count: 1000).joined(separator: ",") + "]"))
        fake.script("/bigchunked", .chunked("[" + Array(repeating: "1", count: 1000).joined(separator: ",") + "]"))
        #expect(small.value(fake.request("/big")) == nil)
        #expect(small.value(fake.request("/bigchunked")) == nil)
        #expect(client.value(fake.request("/big"))?.arrayValue?.count == 1000)
    }

    @Test func reusesKeepAliveConnections() {
        fake.script("/a", .json("1"))
        fake.script("/b", .chunked(#"{"b":2}"#))
        fake.script("/404", .status(404))
        #expect(client.value(fake.request("/a")) != nil)
        #expect(client.value(fake.request("/b")) != nil)
        #expect(client.value(fake.request("/404")) == nil)
        #expect(client.value(fake.request("/a")) != nil)
        #expect(fake.requests("/a") == 2)
        #expect(fake.connections == 1)
    }

    @Test func replacesAConnectionTheServerClosed() {
        fake.script("/close", .untilClose("1"))
        fake.script("/a", .json("1"))
        #expect(client.value(fake.request("/a")) != nil)
        fake.dropConnections()  // the server drops its idle keep-alive connections
        #expect(client.value(fake.request("/a")) != nil)
        #expect(fake.requests("/a") == 2)
        #expect(fake.connections == 2)
    }

    @Test func retriesAStaleKeepAliveConnectionOnce() {
        fake.script("/warm", .json("1"))
        fake.script("/flaky", .closeOnceThenJSON("2"))
        #expect(client.value(fake.request("/warm")) != nil)
        #expect(client.value(fake.request("/flaky"))?.intValue == 2)
        #expect(fake.requests("/flaky") == 2)
        #expect(fake.connections == 2)
    }

    @Test func aFreshConnectionClosedBeforeAnswerIsNoValue() {
        fake.script("/flaky", .closeOnceThenJSON("2"))
        #expect(client.value(fake.request("/flaky")) == nil)
        #expect(fake.requests("/flaky") == 1)
    }

    @Test func percentEncodesKeysIntoTheURL() {
        fake.script("/recs/a%20b%2Fc%C3%BC", .json(#""found""#))
        let url = UpstreamRequest.url(template: fake.url("/recs/{{key}}"), key: "a b/cü")
        let value = client.value(UpstreamRequest(source: "recs", url: url, timeout: .seconds(5), ttl: .zero))
        #expect(value?.stringValue == "found")
        #expect(fake.requests("/recs/a%20b%2Fc%C3%BC") == 1)
    }
}
