import HTTPServer
import SDUI

/// What a page request asks for, read from its headers (SPEC §4.1). Malformed headers are
/// 400s with the SPEC's codes; forced variants and releases that mean nothing are ignored.
struct PageQuery: Sendable {
    var clientVersion: ClientVersion?
    var client: ClientDescriptor
    /// Device id, forced variants and forced release.
    var rollout: RolloutRequest

    /// The longest `X-Client-Version` accepted (SPEC §4.4); longer is 400 `bad_client_version`.
    static let maxClientVersionBytes = 256

    static func parse(_ headers: HTTPHeaders) -> Result<PageQuery, HTTPError> {
        var version: ClientVersion?
        // Two fields are one comma-joined value, which is never a valid version: no count of them is made.
        if let raw = headers.combinedValue("X-Client-Version") {
            guard raw.utf8.count <= maxClientVersionBytes, let parsed = ClientVersion(header: raw) else {
                return .failure(HTTPError(status: 400, code: "bad_client_version",
                                          message: "X-Client-Version must be platform/semver (ios, android or web), e.g. ios/5.2.0"))
            }
            version = parsed
        }
        var client: ClientDescriptor = version.map { .version($0) } ?? .unknown
        if let list = headers.combinedValue("X-Client-Capabilities") {
            let types = list.split(separator: ",").map { RolloutRequest.trimmed($0) }.filter { !$0.isEmpty }
            client = .capabilities(Set(types), version: version)
        }
        let rollout: RolloutRequest
        do {
            rollout = try RolloutRequest(
                deviceIDHeader: headers.combinedValue("X-Device-Id"),
                variantHeader: headers.combinedValue("X-AB-Variant"),
                releaseHeader: headers.combinedValue("X-Release"))
        } catch {
            return .failure(HTTPError(status: 400, code: error.code, message: error.message))
        }
        return .success(PageQuery(clientVersion: version, client: client, rollout: rollout))
    }
}
