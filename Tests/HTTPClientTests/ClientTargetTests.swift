import Testing
@testable import HTTPClient

/// Which URLs the client can fetch, and what it connects to and asks for.
@Suite struct ClientTargetTests {
    @Test func parsesHTTPTargets() throws {
        let target = try #require(ClientTarget("http://127.0.0.1:9100/recs/42?x=1"))
        #expect(target.host == "127.0.0.1")
        #expect(target.port == 9100)
        #expect(target.path == "/recs/42?x=1")
        #expect(target.hostHeader == "127.0.0.1:9100")
        let bare = try #require(ClientTarget("http://example.com"))
        #expect(bare.port == 80 && !bare.secure)
        let secure = try #require(ClientTarget("https://example.com/a"))
        #expect(secure.secure && secure.port == 443 && secure.poolKey == "https://example.com:443")
        #expect(bare.path == "/")
        let v6 = try #require(ClientTarget("http://[::1]:8080/a"))
        #expect(v6.host == "::1")
        #expect(v6.port == 8080)
    }

    @Test func rejectsWhatItCannotFetch() {
        #expect(ClientTarget("ftp://example.com/a") == nil)
        #expect(ClientTarget("http://user@example.com/a") == nil)
        #expect(ClientTarget("http://example.com:0/a") == nil)
        #expect(ClientTarget("http://example.com:99999/a") == nil)
        #expect(ClientTarget("http:///a") == nil)
        #expect(ClientTarget("http://example.com/a b") == nil)
        #expect(ClientTarget("http://example.com/a\r\nX-Injected: 1") == nil)
        #expect(ClientTarget("http://example.com/ü") == nil)
    }

    @Test func aPartitionKeepsConnectionsOfOneTargetApart() throws {
        let shared = try ClientRequest(.get, url: "http://example.com/a")
        let alice = try ClientRequest(.post, url: "http://example.com/b", poolPartition: "alice")
        let bob = try ClientRequest(.post, url: "http://example.com/b", poolPartition: "bob")
        #expect(shared.poolKey == "http://example.com:80")
        #expect(Set([shared.poolKey, alice.poolKey, bob.poolKey]).count == 3)
        #expect(throws: ClientError.unsupportedURL) { try ClientRequest(.get, url: "ftp://example.com/a") }
    }
}
