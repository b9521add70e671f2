import HTTPServer
import SDUI

/// A finished page response, ready to write: the headers that describe it pre-encoded, the
/// identity body and, for bodies of at least `gzipThreshold` bytes, the gzip body. Built once
/// per cache entry (a class, so a hit copies one reference); a hit only picks a coding and
/// writes.
final class Representation: Sendable {
    /// Bodies below this many bytes are never gzipped (SPEC §4.2).
    static let gzipThreshold = 1024
    /// The `Vary` every page response carries.
    static let vary = "Accept-Encoding, X-Client-Version, X-Client-Capabilities, X-Device-Id, X-AB-Variant, X-Release"

    let result: PageResult
    let etag: String
    let identityHeaders: [UInt8]
    let gzipHeaders: [UInt8]?
    let gzipBody: [UInt8]?
    let notModifiedHeaders: [UInt8]
    let weakNotModifiedHeaders: [UInt8]
    /// The page's access-log fields, the same for every hit.
    let logFields: String
    /// Bytes the cache charges for this entry.
    var cost: Int { result.body.count + (gzipBody?.count ?? 0) + identityHeaders.count * 3 + 256 }

    init(_ result: PageResult) {
        self.result = result
        logFields = AccessFields.page(result)
        etag = ETag.strong(for: result.body)
        var common = HeaderBlock()
        common.add("Cache-Control", "private, max-age=\(result.maxAge)")
        common.add("Vary", Self.vary)
        if let variants = result.variantsHeader { common.add("X-AB-Variant", variants) }
        common.add("X-Release", result.release.rawValue)
        common.add("X-Fallbacks", String(result.fallbacks))
        if result.upgradeRequired { common.add("X-Upgrade-Required", "true") }

        var identity = common
        identity.add("Content-Type", "application/json; charset=utf-8")
        identity.add("ETag", etag)
        identityHeaders = identity.bytes
        notModifiedHeaders = common.adding("ETag", etag).bytes

        let weak = ETag.weak(etag)
        weakNotModifiedHeaders = common.adding("ETag", weak).bytes
        if result.body.count >= Self.gzipThreshold, let compressed = try? Gzip.compress(result.body) {
            var gzip = common
            gzip.add("Content-Type", "application/json; charset=utf-8")
            gzip.add("Content-Encoding", "gzip")
            gzip.add("ETag", weak)
            gzipHeaders = gzip.bytes
            gzipBody = compressed
        } else {
            gzipHeaders = nil
            gzipBody = nil
        }
    }

    /// The response for a client that accepts `coding`, or a 304 when `ifNoneMatch` matches a
    /// 200 (a precondition never turns a 404 not-found page into "not modified", RFC 9110 §13.2.1).
    func response(coding: ContentCoding, ifNoneMatch: String?) -> HTTPResponse {
        let useGzip = coding == .gzip && gzipBody != nil
        if result.status == 200, let ifNoneMatch, IfNoneMatch.matches(headerValue: ifNoneMatch, etag: etag) {
            var response = HTTPResponse(status: 304)
            response.preformattedHeaders = useGzip ? weakNotModifiedHeaders : notModifiedHeaders
            response.logFields = logFields
            return response
        }
        var response = HTTPResponse(status: result.status, body: useGzip ? gzipBody! : result.body)
        response.preformattedHeaders = useGzip ? gzipHeaders! : identityHeaders
        response.logFields = logFields
        return response
    }
}
