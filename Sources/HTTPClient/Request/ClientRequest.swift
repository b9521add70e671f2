/// One HTTP/1.1 request for `ClientExchange`: a method, an `http(s)://` URL, header fields, a
/// body, and the pool partition its connection may be shared within.
///
/// A request with a body (POST, PUT, PATCH, or DELETE with content) goes with its
/// `Content-Length`. Only GET and HEAD are sent again by the client itself (once, when a pooled
/// connection turns out closed before any answer): another method may have taken effect.
package struct ClientRequest: Sendable {
    /// The methods the client sends.
    package enum Method: String, Sendable {
        case get = "GET", head = "HEAD", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
        /// A cache's purge (Varnish, SPEC §12's `--edge-purge`).
        case purge = "PURGE"

        /// Safe and idempotent: sending it again on a fresh connection can't act twice.
        package var isRetriable: Bool { self == .get || self == .head }

        /// Whether a request always states its body's length, even an empty one (RFC 9110
        /// §8.6: a method that defines meaning for content).
        var definesContent: Bool { self == .post || self == .put || self == .patch }
    }

    package var method: Method
    /// Where to connect and what to ask for.
    package var target: ClientTarget
    /// Fields sent after `Host`, in order.
    package var headers: [ClientHeader]
    /// The content, sent with its `Content-Length`.
    package var body: [UInt8]
    /// Connections are reused per scheme, host and port, and, when this is set, only among
    /// requests with the same partition: a caller can keep one user's connections apart from
    /// another's.
    package var poolPartition: String?

    /// A request for `url`; `.unsupportedURL` for anything but `http(s)://host[:port]/path`.
    package init(
        _ method: Method, url: String, headers: [ClientHeader] = [], body: [UInt8] = [], poolPartition: String? = nil
    ) throws(ClientError) {
        guard let target = ClientTarget(url) else { throw .unsupportedURL }
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.poolPartition = poolPartition
    }

    /// The key its connection is pooled under: scheme, host and port, then the partition.
    var poolKey: String {
        guard let poolPartition else { return target.poolKey }
        return target.poolKey + " " + poolPartition  // a host has no space: keys can't collide
    }
}
