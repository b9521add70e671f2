/// A content coding Trellis can send a body in; the raw value is the `Content-Encoding` token.
package enum ContentCoding: String, Sendable, Equatable {
    /// The body as is; always our fallback, so we never answer 406.
    case identity
    /// The body as one gzip member (`Content-Encoding: gzip`).
    case gzip
}
