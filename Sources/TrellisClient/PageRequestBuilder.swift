import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Builds page and action requests that tell the server who this app is (SPEC §4.1, §7.1, §11):
/// `X-Client-Version`, `X-Client-Capabilities`, `X-Device-Id` and `Accept-Language`, and the
/// headers it forwards to the backends (a signed-in user's `Authorization`).
public struct PageRequestBuilder: Sendable {
    /// The server, e.g. `https://bff.example-shop.com`.
    public var baseURL: URL
    /// `ios/5.2.0`; nil sends no version (baseline components only).
    public var clientVersion: String?
    /// The exact component and action types the app renders; nil sends no capabilities.
    public var capabilities: [String]?
    /// A stable id for experiment and canary bucketing.
    public var deviceID: String?
    /// `fr-CA, fr;q=0.8`.
    public var acceptLanguage: String?
    /// Seconds a request may wait for its answer (a `.transport` failure after); nil: the
    /// session's default.
    public var timeout: Double?
    /// Headers a page or action forwards to its backends (SPEC §6.2, §11), such as the
    /// signed-in user's `Authorization`, sent with every request after the negotiation headers.
    public var forwarded: [(String, String)] = []

    /// A builder for `baseURL`, with the headers to send.
    public init(baseURL: URL, clientVersion: String? = nil, capabilities: [String]? = nil, deviceID: String? = nil,
                acceptLanguage: String? = nil, timeout: Double? = nil, forwarded: [(String, String)] = []) {
        self.baseURL = baseURL
        self.clientVersion = clientVersion
        self.capabilities = capabilities
        self.deviceID = deviceID
        self.acceptLanguage = acceptLanguage
        self.timeout = timeout
        self.forwarded = forwarded
    }

    /// A GET of `path` (`/product/42`), with `If-None-Match` when `etag` is given.
    public func request(path: String, etag: String? = nil) -> URLRequest {
        var request = base(path: path, method: "GET")
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        return request
    }

    /// The POST of an action `name` (SPEC §11) to `/_actions/<name>`: `body` as JSON, and an
    /// `Idempotency-Key` when given.
    public func actionRequest(name: String, body: Data, idempotencyKey: String? = nil) -> URLRequest {
        let escaped = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? name
        var request = base(path: "/_actions/" + escaped, method: "POST")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let idempotencyKey { request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key") }
        request.httpBody = body
        return request
    }

    /// A request of `path` with the negotiation headers and the timeout.
    private func base(path: String, method: String) -> URLRequest {
        var request = URLRequest(url: URL(string: path, relativeTo: baseURL)!.absoluteURL)
        request.httpMethod = method
        request.cachePolicy = .reloadIgnoringLocalCacheData  // revalidation is this library's (PageClient)
        if let timeout { request.timeoutInterval = timeout }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// The negotiation headers, in a fixed order, then the forwarded ones.
    public var headers: [(String, String)] {
        var headers: [(String, String)] = []
        if let clientVersion { headers.append(("X-Client-Version", clientVersion)) }
        if let capabilities { headers.append(("X-Client-Capabilities", capabilities.joined(separator: ","))) }
        if let deviceID { headers.append(("X-Device-Id", deviceID)) }
        if let acceptLanguage { headers.append(("Accept-Language", acceptLanguage)) }
        return headers + forwarded
    }
}
