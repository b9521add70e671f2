import HTTPServer
import SDUI
import Testing
import TestSupport
@testable import Trellis

/// Forwarded credentials (SPEC §6.2, §14): passed on and hashed as the bytes the client sent,
/// and never two fields joined into one.
@Suite struct ForwardedCredentialsTests {
    /// The cart's upstream call for a request with `headers`.
    func cartCall(_ headers: HTTPHeaders) throws -> UpstreamRequest {
        let requests = PersonalPagesTests.site.dataRequests(template: "cart", params: [:], query: [:])
        let context = PageRequestContext(HTTPRequest(method: "GET", target: "/cart", headers: headers), date: TestInstant.date)
        return try #require(UpstreamClient.upstreamRequest(requests[0], context: context))
    }

    func authorization(_ bytes: [UInt8]) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add("Authorization", bytes: bytes)
        return headers
    }

    @Test func credentialsThatAreNotUTF8AreForwardedAndHashedAsTheirBytes() throws {
        let alice = Array("Bearer ".utf8) + [0xFF], bob = Array("Bearer ".utf8) + [0xFE]
        let aliceCall = try cartCall(authorization(alice)), bobCall = try cartCall(authorization(bob))
        #expect(aliceCall.headers.first { $0.name == "Authorization" }?.value == alice)
        #expect(bobCall.headers.first { $0.name == "Authorization" }?.value == bob)
        #expect(aliceCall.cacheKey != bobCall.cacheKey, "two credentials are two users")
        #expect(try cartCall(authorization(alice)).cacheKey == aliceCall.cacheKey)
    }

    @Test func aForwardedCredentialSentTwiceIsA400() {
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 20)
        let twice = PersonalPagesTests().run("/cart", [("Authorization", "Bearer a"), ("Authorization", "Bearer b")], cache)
        #expect(twice.response.status == 400 && twice.error?.code == "bad_request")
        #expect(PersonalPagesTests().run("/cart", [("Authorization", "Bearer a")], cache).response.status == 200)
        // Not forwarded by the page, or not a credential: not this rule's business.
        #expect(PersonalPagesTests().run("/news", [("Authorization", "a"), ("Authorization", "b")], cache).response.status == 200)
        #expect(PersonalPagesTests().run("/news", [("Accept-Language", "fr"), ("Accept-Language", "de")], cache).response.status == 200)
    }
}
