import Foundation
import HTTPServer
import SDUI

/// A finished page response, ready to write: the headers that describe it pre-encoded, the
/// identity body and, for bodies of at least `gzipThreshold` bytes, the gzip body. Built once
/// per cache entry (a class, so a hit copies one reference); a hit only picks a coding and
/// writes. `Cache-Control` leads every header block: a page with a scheduled edge ahead
/// (SPEC §7.5) swaps that line per answer, so its `max-age` (and its stale times, SPEC §12)
/// never reach past the edge. What shared caches read (`Vary`, `X-Trellis-Plan`, `xkey`,
/// `X-Trellis-Edge`) is written once here, from the result's `SharedCacheHeaders`.
final class Representation: Sendable {
    /// Bodies below this many bytes are never gzipped (SPEC §4.2).
    static let gzipThreshold = 1024
    let result: PageResult
    let etag: String
    let gzipBody: [UInt8]?
    private let headerBlocks: HeaderBlocks
    /// The page's part of the access-log line, the same for every hit.
    let accessFields: String
    /// Bytes of the leading `Cache-Control` line of every header block.
    private let cacheControlLength: Int
    /// The object itself (its 16-byte header, the inline 192-byte `PageResult` and the other
    /// stored properties in one malloc chunk, ~304 bytes) and what `HeapBytes` misses: measured
    /// with `mallinfo2` over 1,537 cached product pages, an entry's representation holds 5,828
    /// bytes of heap where the rest of `cost` counts 5,497.
    static let objectBytes = 352

    /// Bytes the cache charges for this entry: the object and the heap it holds (both bodies and
    /// every header block by capacity, the strings, the result's tables). `CacheMemoryTests`
    /// holds it to what `mallinfo2` measures: never below, and within a few percent.
    var cost: Int {
        Self.objectBytes + result.heapBytes + HeapBytes.of(etag) + HeapBytes.of(accessFields) + headerBlocks.heapBytes
            + (gzipBody.map(HeapBytes.of) ?? 0)
    }

    /// The header blocks of every answer: joined when the representation is made, for one a
    /// cache keeps (a hit writes its block as it is); for one it won't, only the lines they
    /// share, and each answer's block joined when it answers (three blocks fewer a miss).
    private enum HeaderBlocks {
        case joined(identity: [UInt8], gzip: [UInt8]?, notModified: [UInt8], weakNotModified: [UInt8])
        case common(HeaderBlock)

        var heapBytes: Int {
            switch self {
            case .joined(let identity, let gzip, let notModified, let weakNotModified):
                HeapBytes.of(identity) + (gzip.map(HeapBytes.of) ?? 0) + HeapBytes.of(notModified) + HeapBytes.of(weakNotModified)
            case .common(let block): HeapBytes.of(block.bytes)
            }
        }
    }

    /// The headers of a 200 with the identity body.
    var identityHeaders: [UInt8] {
        switch headerBlocks {
        case .joined(let identity, _, _, _): identity
        case .common(let common): common.joined(Self.contentTypeLine, etag: etag, weak: false)
        }
    }

    /// The headers of a 200 with the gzip body; nil when there is none.
    var gzipHeaders: [UInt8]? {
        switch headerBlocks {
        case .joined(_, let gzip, _, _): gzip
        case .common(let common): gzipBody == nil ? nil : common.joined(Self.contentTypeLine, Self.contentEncodingLine, etag: etag, weak: true)
        }
    }

    /// The headers of a 304 (with the weak tag when `weak`: the client was sent the gzip body).
    func notModifiedHeaders(weak: Bool) -> [UInt8] {
        switch headerBlocks {
        case .joined(_, _, let notModified, let weakNotModified): weak ? weakNotModified : notModified
        case .common(let common): common.joined(etag: etag, weak: weak)
        }
    }

    /// The representation of `result`, which it keeps (moved in, not copied, from a caller's last
    /// use). Not `kept` (no cache will hold it: a personal page, a page whose lifetime is over
    /// at once, a pipeline without a cache), it joins each answer's header block when it answers.
    init(_ result: consuming PageResult, kept: Bool = true) {
        accessFields = AccessFields.page(result)
        let encoded = EncodedBody(result.body, gzip: result.body.count >= Self.gzipThreshold, level: Gzip.level(personal: result.personal))
        etag = encoded.etag
        var common = HeaderBlock(capacity: 512)
        Self.addCacheControl(result, untilEdge: nil, to: &common)
        cacheControlLength = common.bytes.count
        common.add("Vary", result.shared.vary)
        if let contentLanguage = result.contentLanguage { common.add("Content-Language", contentLanguage) }
        if let variants = result.variantsHeader { common.add("X-AB-Variant", variants) }
        common.add("X-Release", result.release.rawValue)
        common.start("X-Fallbacks")
        common.decimal(result.fallbacks)
        common.end()
        if result.upgradeRequired { common.literal("X-Upgrade-Required: true\r\n") }
        if result.upgradeSuggested { common.literal("X-Upgrade-Suggested: true\r\n") }
        if let section = result.section { common.add("X-Section", section) }
        if !result.shared.plan.isEmpty { common.add("X-Trellis-Plan", result.shared.plan) }
        if !result.shared.edge.isEmpty { common.add("X-Trellis-Edge", result.shared.edge) }
        if !result.shared.xkey.isEmpty { common.add("xkey", result.shared.xkey) }

        gzipBody = encoded.gzip
        if result.status == 204 {
            // Nothing stands in a section's place (SPEC §10.1): the page's headers, no ETag or Content-Type.
            headerBlocks = .joined(identity: common.bytes, gzip: nil, notModified: common.bytes, weakNotModified: common.bytes)
        } else if !kept {
            headerBlocks = .common(common)
        } else {
            headerBlocks = .joined(
                identity: common.joined(Self.contentTypeLine, etag: etag, weak: false),
                gzip: gzipBody == nil ? nil : common.joined(Self.contentTypeLine, Self.contentEncodingLine, etag: etag, weak: true),
                notModified: common.joined(etag: etag, weak: false), weakNotModified: common.joined(etag: etag, weak: true))
        }
        self.result = result
    }

    /// The lines every 200 with a body carries after the common ones.
    private static let contentTypeLine: StaticString = "Content-Type: application/json; charset=utf-8\r\n"
    private static let contentEncodingLine: StaticString = "Content-Encoding: gzip\r\n"

    /// The response for a client that accepts `coding`, after the request's preconditions
    /// (RFC 9110 §13.2.2, for a 200 only: a precondition never turns the not-found page's 404
    /// into anything else, §13.2.1): a failing `If-Match` is 412; then a matching
    /// `If-None-Match` is 304. Answered at `date`, a scheduled page's `max-age` stops at its next edge.
    func response(coding: ContentCoding, preconditions: Preconditions, date: Date) -> HTTPResponse {
        var response = unscheduledResponse(coding: coding, preconditions: preconditions)
        if let edge = result.nextEdge, !result.personal, result.stale.isEmpty, !response.preformattedHeaders.isEmpty {
            let left = max(0, Int(edge.timeIntervalSince(date).rounded(.down)))
            var headers = HeaderBlock(capacity: response.preformattedHeaders.count + 8)
            Self.addCacheControl(result, untilEdge: left, to: &headers)
            headers.append(lines: response.preformattedHeaders[cacheControlLength...])
            response.preformattedHeaders = headers.bytes
        }
        return response
    }

    /// Adds the `Cache-Control` line of `result` to `block`: `no-store` for a page served with a
    /// stale upstream value (SPEC §6.2, "not cached": neither here nor by a shared cache or the
    /// client, which would keep it past the failure for its whole `max-age`); `private,
    /// no-cache` for a personal answer (SPEC §6.2); else `public, max-age` with the template's
    /// stale times (SPEC §12), all cut so that none reaches past `untilEdge` seconds from now
    /// when the schedule has an edge ahead: `max-age` at most that, each stale time at most what
    /// is left after `max-age`.
    private static func addCacheControl(_ result: PageResult, untilEdge: Int?, to block: inout HeaderBlock) {
        guard result.stale.isEmpty else { return block.literal("Cache-Control: no-store\r\n") }
        guard !result.personal else { return block.literal("Cache-Control: private, no-cache\r\n") }
        let maxAge = min(result.maxAge, untilEdge ?? .max)
        block.literal("Cache-Control: public, max-age=")
        block.decimal(maxAge)
        let left = untilEdge.map { $0 - maxAge } ?? .max
        if let seconds = result.shared.stale.whileRevalidate {
            block.literal(", stale-while-revalidate=")
            block.decimal(min(seconds, left))
        }
        if let seconds = result.shared.stale.ifError {
            block.literal(", stale-if-error=")
            block.decimal(min(seconds, left))
        }
        block.end()
    }

    /// The response with the entry's own header blocks (the `max-age` of the time it rendered).
    private func unscheduledResponse(coding: ContentCoding, preconditions: Preconditions) -> HTTPResponse {
        let useGzip = coding == .gzip && gzipBody != nil
        if result.status == 200, let ifMatch = preconditions.ifMatch,
           !EntityTagList.matches(ifMatch, etag: useGzip ? ETag.weak(etag) : etag, comparison: .strong) {
            return HTTPError.preconditionFailed.response
        }
        if result.status == 200, let ifNoneMatch = preconditions.ifNoneMatch,
           EntityTagList.matches(ifNoneMatch, etag: etag, comparison: .weak) {
            var response = HTTPResponse(status: 304)
            response.preformattedHeaders = notModifiedHeaders(weak: useGzip)
            return response
        }
        var response = HTTPResponse(status: result.status, body: useGzip ? gzipBody! : result.body)
        response.preformattedHeaders = useGzip ? gzipHeaders! : identityHeaders
        return response
    }
}
