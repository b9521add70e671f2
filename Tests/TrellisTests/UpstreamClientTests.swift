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

    @Test func fetchesAJSONValue() async throws {
        fake.script("/recs/1", .json(#"{"items":[1,2]}"#))
        let value = try #require(await client.value(fake.request("/recs/1")))
        #expect(value == (try JSONParser.parse(#"{"items":[1,2]}"#)))
    }

    @Test func readsChunkedAndCloseDelimitedBodies() async throws {
        fake.script("/chunked", .chunked(#"{"title":"a chunked body"}"#))
        fake.script("/close", .untilClose(#"[true,false]"#))
        #expect(await client.value(fake.request("/chunked"))?["title"]?.stringValue == "a chunked body")
        #expect(await client.value(fake.request("/close"))?.arrayValue?.count == 2)
    }

    @Test func fetchesAllConcurrently() async throws {
        fake.script("/slow/a", .json("1", delay: .milliseconds(200)))
        fake.script("/slow/b", .json("2", delay: .milliseconds(200)))
        let started = ContinuousClock.now
        let values = await client.values([fake.request("/slow/a"), fake.request("/slow/b")])
        let elapsed = ContinuousClock.now - started
        #expect(values == [.some(try JSONParser.parse("1")), .some(try JSONParser.parse("2"))])
        #expect(elapsed >= .milliseconds(190))
        #expect(elapsed < .milliseconds(380), "two 200 ms sources took \(elapsed)")
    }

    @Test func fetchAllKeepsOrderAndMissingValues() async throws {
        fake.script("/ok", .json(#""ok""#))
        fake.script("/bad", .status(500))
        let values = await client.values([fake.request("/bad"), fake.request("/ok"), fake.request("/bad2")])
        #expect(values == [nil, .some(try JSONParser.parse(#""ok""#)), nil])
        #expect(await client.values([]).isEmpty)
    }

    @Test func timesOut() async {
        fake.script("/late", .json("1", delay: .seconds(1)))
        let started = ContinuousClock.now
        let value = await client.value(fake.request("/late", timeout: .milliseconds(100)))
        let elapsed = ContinuousClock.now - started
        #expect(value == nil)
        #expect(elapsed >= .milliseconds(95))
        #expect(elapsed < .milliseconds(600), "a 100 ms timeout took \(elapsed)")
    }

    @Test func aSilentUpstreamTimesOut() async {
        fake.script("/hang", .hang)
        #expect(await client.value(fake.request("/hang", timeout: .milliseconds(100))) == nil)
    }

    @Test func callsBeyondTheConcurrencyCapAreNoValueAtOnce() async {
        let capped = UpstreamClient(registry: MetricsRegistry(), maxConcurrentCalls: 1)
        fake.script("/hang/1", .hang)
        fake.script("/ok", .json("1"))
        let busy = CapturedFlag()
        capped.fetch(fake.request("/hang/1", timeout: .seconds(2))) { _ in busy.set() }
        // The one allowed call is hanging: a second URL gets no value without reaching the fake.
        #expect(await capped.value(fake.request("/ok", timeout: .seconds(2))) == nil)
        #expect(fake.requests("/ok") == 0)
        #expect(!busy.isSet)
    }

    @Test func non200IsNoValue() async {
        fake.script("/500", .status(500))
        fake.script("/404", .status(404))
        #expect(await client.value(fake.request("/500")) == nil)
        #expect(await client.value(fake.request("/404")) == nil)
    }

    @Test func notJSONIsNoValue() async {
        fake.script("/text", .notJSON)
        #expect(await client.value(fake.request("/text")) == nil)
    }

    @Test func jsonDeeperThan64LevelsIsNoValue() async {
        let nested = { (depth: Int) in String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        fake.script("/deep/64", .json(nested(64)))
        fake.script("/deep/65", .json(nested(65)))
        #expect(await client.value(fake.request("/deep/64")) != nil)
        #expect(await client.value(fake.request("/deep/65")) == nil)
    }

    @Test func aResetIsNoValue() async {
        fake.script("/reset", .reset)
        #expect(await client.value(fake.request("/reset")) == nil)
        #expect(fake.requests("/reset") == 1)
    }

    @Test func aRefusedConnectionIsNoValue() async {
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
        let started = ContinuousClock.now
        let request = UpstreamRequest(source: "s", url: "http://127.0.0.1:\(port)/x", timeout: .seconds(5), ttl: .seconds(30))
        #expect(await client.value(request) == nil)
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func httpsAndBadURLsAreNoValue() async {
        #expect(await client.value(UpstreamRequest(source: "s", url: "https://127.0.0.1/x", timeout: .seconds(1), ttl: .zero)) == nil)
        #expect(await client.value(UpstreamRequest(source: "s", url: "not a url", timeout: .seconds(1), ttl: .zero)) == nil)
    }

    @Test func anOversizedResponseIsNoValue() async {
        let small = UpstreamClient(registry: MetricsRegistry(), maxResponseBytes: 1024)
        fake.script("/big", .json("[" + Array(repeating: "1", count: 1000).joined(separator: ",") + "]"))
        fake.script("/bigchunked", .chunked("[" + Array(repeating: "1", count: 1000).joined(separator: ",") + "]"))
        #expect(await small.value(fake.request("/big")) == nil)
        #expect(await small.value(fake.request("/bigchunked")) == nil)
        #expect(await client.value(fake.request("/big"))?.arrayValue?.count == 1000)
    }

    @Test func reusesKeepAliveConnections() async {
        fake.script("/a", .json("1"))
        fake.script("/b", .chunked(#"{"b":2}"#))
        fake.script("/404", .status(404))
        #expect(await client.value(fake.request("/a")) != nil)
        #expect(await client.value(fake.request("/b")) != nil)
        #expect(await client.value(fake.request("/404")) == nil)
        #expect(await client.value(fake.request("/a")) != nil)
        #expect(fake.requests("/a") == 2)
        #expect(fake.connections == 1)
    }

    @Test func replacesAConnectionTheServerClosed() async {
        fake.script("/close", .untilClose("1"))
        fake.script("/a", .json("1"))
        #expect(await client.value(fake.request("/a")) != nil)
        fake.dropConnections()  // the server drops its idle keep-alive connections
        #expect(await client.value(fake.request("/a")) != nil)
        #expect(fake.requests("/a") == 2)
        #expect(fake.connections == 2)
    }

    @Test func retriesAStaleKeepAliveConnectionOnce() async {
        fake.script("/warm", .json("1"))
        fake.script("/flaky", .closeOnceThenJSON("2"))
        #expect(await client.value(fake.request("/warm")) != nil)
        #expect(await client.value(fake.request("/flaky"))?.intValue == 2)
        #expect(fake.requests("/flaky") == 2)
        #expect(fake.connections == 2)
    }

    @Test func aFreshConnectionClosedBeforeAnswerIsNoValue() async {
        fake.script("/flaky", .closeOnceThenJSON("2"))
        #expect(await client.value(fake.request("/flaky")) == nil)
        #expect(fake.requests("/flaky") == 1)
    }

    @Test func percentEncodesKeysIntoTheURL() async {
        fake.script("/recs/a%20b%2Fc%C3%BC", .json(#""found""#))
        let url = UpstreamRequest.url(template: fake.url("/recs/{{key}}"), key: "a b/cü")
        let value = await client.value(UpstreamRequest(source: "recs", url: url, timeout: .seconds(5), ttl: .zero))
        #expect(value?.stringValue == "found")
        #expect(fake.requests("/recs/a%20b%2Fc%C3%BC") == 1)
    }
}
