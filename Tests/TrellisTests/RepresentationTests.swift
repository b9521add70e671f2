import Foundation
import HTTPServer
import SDUI
import Testing
import TestSupport
@testable import Trellis

/// What a finished page response carries: the gzip threshold on the uncompressed body, the
/// ETags of both codings, and the 304 for a matching `If-None-Match`.
@Suite struct RepresentationTests {
    static func result(bodySize: Int) -> PageResult {
        let body = Array(#"{"id":"p","type":"page","data":{"t":""#.utf8)
        let tail = Array(#""}}"#.utf8)
        let padding = [UInt8](repeating: UInt8(ascii: "x"), count: bodySize - body.count - tail.count)
        return PageResult(status: 200, page: "p", template: "p", body: body + padding + tail, maxAge: 60,
                          variantsHeader: nil, release: .stable, fallbacks: 0, fallbackTypes: [:], upgradeRequired: false)
    }

    func headers(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static func conditions(ifMatch: String? = nil, ifNoneMatch: String? = nil) -> Preconditions {
        var headers = HTTPHeaders()
        if let ifMatch { headers.add("If-Match", ifMatch) }
        if let ifNoneMatch { headers.add("If-None-Match", ifNoneMatch) }
        return Preconditions(headers)
    }

    @Test func bodiesBelow1024BytesAreNeverGzipped() {
        let small = Representation(Self.result(bodySize: 1023))
        let response = small.response(coding: .gzip, preconditions: Preconditions(), date: TestInstant.date)
        #expect(response.body.count == 1023)
        #expect(!headers(response.preformattedHeaders).contains("Content-Encoding"))
    }

    @Test func bodiesOf1024BytesAndMoreAreGzippedForClientsThatAcceptIt() throws {
        let large = Representation(Self.result(bodySize: 1024))
        let gzip = large.response(coding: .gzip, preconditions: Preconditions(), date: TestInstant.date)
        #expect(headers(gzip.preformattedHeaders).contains("Content-Encoding: gzip\r\n"))
        #expect(headers(gzip.preformattedHeaders).contains("ETag: W/\(large.etag)\r\n"))
        #expect(try Gzip.decompress(gzip.body, limit: 4096) == large.result.body)
        let identity = large.response(coding: .identity, preconditions: Preconditions(), date: TestInstant.date)
        #expect(identity.body == large.result.body)
        #expect(headers(identity.preformattedHeaders).contains("ETag: \(large.etag)\r\n"))
    }

    @Test func aMatchingIfNoneMatchIs304WithTheCachingHeadersAndNoBody() {
        let page = Representation(Self.result(bodySize: 2000))
        let response = page.response(coding: .gzip, preconditions: Self.conditions(ifNoneMatch: "\"nope\", \(page.etag)"), date: TestInstant.date)
        #expect(response.status == 304 && response.body.isEmpty)
        let text = headers(response.preformattedHeaders)
        #expect(text.contains("Cache-Control: public, max-age=60\r\n") && text.contains("Vary: ") && text.contains("ETag: W/"))
        #expect(!text.contains("Content-Type") && !text.contains("Content-Encoding"))
    }

    /// A representation no cache keeps joins each answer's header block when it answers: every
    /// answer, each coding, 304s strong and weak, 412 and a scheduled edge's `max-age`, is byte
    /// for byte a kept one's.
    @Test func oneNotKeptAnswersAsAKeptOne() {
        var scheduled = Self.result(bodySize: 2000)
        scheduled.nextEdge = Date(timeIntervalSince1970: 1_000_030)
        for result in [Self.result(bodySize: 2000), Self.result(bodySize: 500), scheduled] {
            let kept = Representation(result), once = Representation(result, kept: false)
            for coding in [ContentCoding.gzip, .identity] {
                for conditions in [Preconditions(), Self.conditions(ifNoneMatch: kept.etag), Self.conditions(ifNoneMatch: "W/" + kept.etag),
                                   Self.conditions(ifMatch: "\"other\""), Self.conditions(ifMatch: kept.etag)] {
                    let date = Date(timeIntervalSince1970: 1_000_000)
                    let (a, b) = (kept.response(coding: coding, preconditions: conditions, date: date),
                                  once.response(coding: coding, preconditions: conditions, date: date))
                    #expect(a.status == b.status && a.body == b.body && a.preformattedHeaders == b.preformattedHeaders)
                }
            }
            #expect(once.cost < kept.cost, "three header blocks fewer")
        }
    }

    @Test func aFailingIfMatchIs412AndAMatchingOneServesThePage() {
        let page = Representation(Self.result(bodySize: 2000))
        let failing = page.response(coding: .identity, preconditions: Self.conditions(ifMatch: "\"other\""), date: TestInstant.date)
        #expect(failing.status == 412 && failing.errorCode == "precondition_failed")
        #expect(page.response(coding: .identity, preconditions: Self.conditions(ifMatch: "\"x\", \(page.etag)"), date: TestInstant.date).status == 200)
        #expect(page.response(coding: .gzip, preconditions: Self.conditions(ifMatch: "*"), date: TestInstant.date).status == 200)
    }

    @Test func ifMatchComparesStronglyAWeakTagNeverMatches() {
        let page = Representation(Self.result(bodySize: 2000))
        #expect(page.response(coding: .identity, preconditions: Self.conditions(ifMatch: "W/\(page.etag)"), date: TestInstant.date).status == 412)
        // The gzip representation's tag is weak: only `*` passes If-Match for it.
        #expect(page.response(coding: .gzip, preconditions: Self.conditions(ifMatch: page.etag), date: TestInstant.date).status == 412)
    }

    @Test func ifMatchIsEvaluatedBeforeIfNoneMatch() {
        let page = Representation(Self.result(bodySize: 2000))
        let both = Self.conditions(ifMatch: "\"other\"", ifNoneMatch: page.etag)
        #expect(page.response(coding: .identity, preconditions: both, date: TestInstant.date).status == 412)
        let passing = Self.conditions(ifMatch: page.etag, ifNoneMatch: page.etag)
        #expect(page.response(coding: .identity, preconditions: passing, date: TestInstant.date).status == 304)
    }

    @Test func preconditionsNeverApplyToTheNotFoundPage() {
        var result = Self.result(bodySize: 2000)
        result.status = 404
        let page = Representation(result)
        #expect(page.response(coding: .identity, preconditions: Self.conditions(ifMatch: "\"other\""), date: TestInstant.date).status == 404)
        #expect(page.response(coding: .identity, preconditions: Self.conditions(ifNoneMatch: "*"), date: TestInstant.date).status == 404)
    }
}

/// Cached pages are compressed harder than personal ones (docs/DECISIONS.md, gzip levels).
@Suite struct GzipLevelPerPageTests {
    @Test func aSharedPageIsCompressedAtTheCachedLevelAndAPersonalOneAtThePerAnswerLevel() throws {
        let outcome = PagePipelineTests.run("/home", [("X-Client-Version", "ios/5.2.0")])
        let shared = try #require(outcome.representation)
        #expect(shared.gzipBody == (try Gzip.compress(shared.result.body, level: Gzip.cachedLevel)))
        var result = shared.result
        result.personal = true
        let personal = Representation(result)
        #expect(personal.gzipBody == (try Gzip.compress(result.body, level: Gzip.perAnswerLevel)))
        #expect(Gzip.cachedLevel != Gzip.perAnswerLevel && personal.gzipBody != shared.gzipBody)
        #expect(personal.etag == shared.etag, "the tag is of the uncompressed body")
    }

    @Test func eachPageLevelHasItsPoolAndOtherLevelsNone() {
        #expect(DeflaterPool.shared(at: Gzip.cachedLevel)?.level == Gzip.cachedLevel)
        #expect(DeflaterPool.shared(at: Gzip.perAnswerLevel)?.level == Gzip.perAnswerLevel)
        #expect(DeflaterPool.shared(at: 9) == nil)
    }
}
