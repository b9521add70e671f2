import HTTPServer
import SDUI

/// What a page request asks for, read from its headers (SPEC §4.1). Malformed headers are
/// 400s with the SPEC's codes; forced variants and releases that mean nothing are ignored.
struct PageQuery: Sendable {
    var clientVersion: ClientVersion?
    var client: ClientDescriptor
    var deviceID: String?
    var forcedVariants: [String: String]
    var forcedRelease: Release?

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
            let types = raw.split(separator: ",").map { $0.trimmingASCIISpaces() }.filter { !$0.isEmpty }
            client = .capabilities(Set(types), version: version)
        }
        var deviceID: String?
        if let raw = headers["X-Device-Id"] {
            guard DeviceID.isValid(raw) else {
                return .failure(HTTPError(status: 400, code: "bad_device_id",
                                          message: "X-Device-Id must be 1 to 128 visible ASCII characters"))
            }
            deviceID = raw
        }
        return .success(PageQuery(
            clientVersion: version,
            client: client,
            deviceID: deviceID,
            forcedVariants: ForcedVariants.parse(headers.values("X-AB-Variant").joined(separator: ", ")),
            forcedRelease: headers["X-Release"].flatMap(Release.init(header:))
        ))
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    func trimmingASCIISpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
