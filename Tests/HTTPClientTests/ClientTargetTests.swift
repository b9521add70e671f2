import Testing
import TestSupport
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

    /// URLs read as bytes (`ClientTarget.init`) against the same rules read as characters,
    /// on generated URLs: schemes in any case, userinfo, IPv6 literals, ports good and bad,
    /// queries, fragments, spaces and non-ASCII.
    @Test func aURLIsReadAsTheRulesReadIt() {
        var random = SeededGenerator(seed: 0xC7A6)
        let schemes = ["http://", "https://", "HTTPS://", "Http://", "ftp://", "http:/", ""]
        let authorities = ["h", "cart.internal", "127.0.0.1", "[::1]", "[::1]:8443", "[::1", "[::1]x", "h:80", "h:0", "h:+8",
                           "h:65536", "h:", "u@h", "", "h:8443", "é", "h h"]
        let rests = ["", "/", "/v1/cart/items", "?q=1", "/p?x=1&y=%20", "/a#b", "/ü", "/a b", "//x"]
        var parsed = 0
        for _ in 0..<GeneratedCases.count(default: 5_000) {
            let url = schemes.randomElement(using: &random)! + authorities.randomElement(using: &random)! + rests.randomElement(using: &random)!
            let target = ClientTarget(url), expected = Self.targetByRules(url)
            #expect(target.map(Self.describe) == expected.map(Self.describe), "\(url)")
            if target != nil { parsed += 1 }
        }
        #expect(parsed > 500)
    }

    static func describe(_ target: ClientTarget) -> String {
        "\(target.secure) \(target.host) \(target.port) \(target.path) \(target.hostHeader)"
    }

    /// The rules read as characters: `http://` or `https://` in any case, an authority without
    /// userinfo up to the first `/` or `?`, no fragment, printable ASCII only, an IPv6 literal in
    /// brackets, a port from 1 to 65535.
    static func targetByRules(_ url: String) -> ClientTarget? {
        let secure = url.lowercased().hasPrefix("https://")
        let scheme = secure ? "https://" : "http://"
        guard url.lowercased().hasPrefix(scheme) else { return nil }
        let rest = url.dropFirst(scheme.count)
        let slash = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<slash]
        var target = String(rest[slash...])
        if target.isEmpty { target = "/" } else if target.first == "?" { target = "/" + target }
        guard !authority.isEmpty, !authority.contains("@"), !target.contains("#"),
              url.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return nil }
        var hostPart = Substring(authority)
        var portPart: Substring?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { return nil }
                portPart = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        }
        guard !hostPart.isEmpty else { return nil }
        var port: UInt16 = secure ? 443 : 80
        if let portPart {
            guard let parsed = UInt16(portPart), parsed > 0 else { return nil }
            port = parsed
        }
        var built = ClientTarget("http://x/")!
        built.secure = secure
        built.host = String(hostPart)
        built.port = port
        built.path = target
        built.hostHeader = String(authority)
        return built
    }
}
