import HTTPServer
import SDUI

/// What a page request asks for, read from its headers (SPEC §4.1). Malformed headers are
/// 400s with the SPEC's codes; forced variants and releases that mean nothing are ignored.
struct PageQuery: Sendable {
    var clientVersion: ClientVersion?
    var client: ClientDescriptor
    /// Device id, forced variants and forced release.
    var rollout: RolloutRequest

    static func parse(_ headers: HTTPHeaders) -> Result<PageQuery, HTTPError> {
        var version: ClientVersion?
        if let raw = headers["X-Client-Version"] {
            guard let parsed = ClientVersion(header: raw) else {
                return .failure(HTTPError(status: 400, code: "bad_client_version",
                                          message: "X-Client-Version must be platform/semver (ios, android or web), e.g. ios/5.2.0"))
            }
            version = parsed
        }
        var client: ClientDescriptor = version.map { .version($0) } ?? .unknown
        if let raw = headers["X-Client-Capabilities"] {
            let types = raw.split(separator: ",").map { RolloutRequest.trimmed($0) }.filter { !$0.isEmpty }
            client = .capabilities(Set(types), version: version)
        }
        let rollout: RolloutRequest
        do {
            rollout = try RolloutRequest(
                deviceIDHeader: headers["X-Device-Id"],
                variantHeader: headers.contains("X-AB-Variant") ? headers.values("X-AB-Variant").joined(separator: ", ") : nil,
                releaseHeader: headers["X-Release"])
        } catch {
            return .failure(HTTPError(status: 400, code: error.code, message: error.message))
        }
        return .success(PageQuery(clientVersion: version, client: client, rollout: rollout))
    }
}

