import Foundation
import HTTPServer
import SDUI
import Testing
import TestSupport
@testable import Trellis

/// The exact header bytes and access fields of a representation with every optional line
/// (locale, variants, forwarded names, fallbacks, both upgrade flags), for each coding and
/// precondition, so that a faster way of building them can't change one byte on the wire.
@Suite struct RepresentationBytesTests {
    static func result(personal: Bool = false, stale: [String] = []) -> PageResult {
        var result = RepresentationTests.result(bodySize: 2000)
        result.page = "product"
        result.template = "product.canary"
        result.maxAge = 120
        result.variantsHeader = "pdp-layout=B, checkout=A"
        result.release = .canary
        result.fallbacks = 12
        result.upgradeRequired = true
        result.upgradeSuggested = true
        result.contentLanguage = "fr"
        var shared = SharedCacheHeaders(vary: "Accept-Encoding, X-Client-Version, X-Client-Capabilities, X-Device-Id, "
            + "X-AB-Variant, X-Release, Accept-Language, Authorization, X-Tenant")
        shared.plan = "0123456789abcdef0123456789abcdef"
        shared.edge = "fedcba9876543210fedcba9876543210"
        shared.xkey = "trellis-v1 page-product"
        shared.stale = StaleTimes(whileRevalidate: 30, ifError: 86400)
        result.shared = shared
        result.missingOptional = ["related", "reviews"]
        result.stale = stale
        result.personal = personal
        return result
    }

    static let common = "Vary: Accept-Encoding, X-Client-Version, X-Client-Capabilities, X-Device-Id, X-AB-Variant, X-Release, "
        + "Accept-Language, Authorization, X-Tenant\r\nContent-Language: fr\r\nX-AB-Variant: pdp-layout=B, checkout=A\r\n"
        + "X-Release: canary\r\nX-Fallbacks: 12\r\nX-Upgrade-Required: true\r\nX-Upgrade-Suggested: true\r\n"
        + "X-Trellis-Plan: 0123456789abcdef0123456789abcdef\r\nX-Trellis-Edge: fedcba9876543210fedcba9876543210\r\n"
        + "xkey: trellis-v1 page-product\r\n"
    static let contentType = "Content-Type: application/json; charset=utf-8\r\n"

    func text(_ response: HTTPResponse) -> String { String(decoding: response.preformattedHeaders, as: UTF8.self) }

    @Test func everyHeaderBlockHasItsExactBytes() {
        let page = Representation(Self.result())
        let cacheControl = "Cache-Control: public, max-age=120, stale-while-revalidate=30, stale-if-error=86400\r\n"
        let strong = "ETag: \(page.etag)\r\n", weak = "ETag: W/\(page.etag)\r\n"
        #expect(text(page.response(coding: .identity, preconditions: Preconditions(), date: TestInstant.date))
            == cacheControl + Self.common + Self.contentType + strong)
        #expect(text(page.response(coding: .gzip, preconditions: Preconditions(), date: TestInstant.date))
            == cacheControl + Self.common + Self.contentType + "Content-Encoding: gzip\r\n" + weak)
        let matching = RepresentationTests.conditions(ifNoneMatch: page.etag)
        #expect(text(page.response(coding: .identity, preconditions: matching, date: TestInstant.date)) == cacheControl + Self.common + strong)
        #expect(text(page.response(coding: .gzip, preconditions: matching, date: TestInstant.date)) == cacheControl + Self.common + weak)
    }

    @Test func aPersonalPageIsNoCache() {
        let page = Representation(Self.result(personal: true))
        #expect(text(page.response(coding: .identity, preconditions: Preconditions(), date: TestInstant.date))
            == "Cache-Control: private, no-cache\r\n" + Self.common + Self.contentType + "ETag: \(page.etag)\r\n")
    }

    /// A page served with a stale upstream value is kept by no cache (SPEC §6.2), at an edge too.
    @Test func aPageServedWithAStaleValueIsNoStore() {
        var result = Self.result(stale: ["prices"])
        let now = Date(timeIntervalSince1970: 1_000_000)
        for edge in [nil, now.addingTimeInterval(45.7)] {
            result.nextEdge = edge
            let page = Representation(result)
            #expect(text(page.response(coding: .identity, preconditions: Preconditions(), date: now))
                == "Cache-Control: no-store\r\n" + Self.common + Self.contentType + "ETag: \(page.etag)\r\n")
            let matching = RepresentationTests.conditions(ifNoneMatch: page.etag)  // its 304 too
            #expect(text(page.response(coding: .identity, preconditions: matching, date: now))
                == "Cache-Control: no-store\r\n" + Self.common + "ETag: \(page.etag)\r\n")
        }
    }

    /// `max-age` stops at the edge, and each stale time at what is left after `max-age`.
    @Test func aScheduledPageSwapsItsMaxAgeLineAndKeepsTheRest() {
        var result = Self.result()
        result.maxAge = 20
        let now = Date(timeIntervalSince1970: 1_000_000)
        result.nextEdge = now.addingTimeInterval(45.7)
        let page = Representation(result)
        #expect(text(page.response(coding: .gzip, preconditions: Preconditions(), date: now))
            == "Cache-Control: public, max-age=20, stale-while-revalidate=25, stale-if-error=25\r\n" + Self.common + Self.contentType + "Content-Encoding: gzip\r\n"
            + "ETag: W/\(page.etag)\r\n")
    }

    @Test func theAccessFieldsHaveTheirExactText() {
        #expect(Representation(Self.result(stale: ["prices"])).accessFields
            == #"page=product template=product.canary variants="pdp-layout=B, checkout=A" release=canary fallbacks=12 "#
            + "upgrade=true upgrade_suggested=true locale=fr missing=related,reviews stale=prices")
    }
}

