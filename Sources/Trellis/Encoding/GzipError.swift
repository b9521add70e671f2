/// Why `Gzip.compress` or `Gzip.decompress` failed.
///
/// Callers that compress a response treat any of these as "send identity instead"; the
/// description names the zlib call and its return code for the log.
package enum GzipError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A zlib call returned `code` (`Z_STREAM_ERROR`, `Z_DATA_ERROR`, `Z_MEM_ERROR`, ...),
    /// with the message zlib left in the stream, if any.
    case zlib(call: String, code: Int32, message: String?)
    /// The input ended before the end of a gzip member (empty input included).
    case truncated
    /// Decompressing would produce more than `limit` bytes.
    case outputLimitExceeded(limit: Int)

    /// One line for the log, e.g. `gzip: deflateInit2 returned -2 (stream error)`.
    package var description: String {
        switch self {
        case let .zlib(call, code, message):
            "gzip: \(call) returned \(code)" + (message.map { " (\($0))" } ?? "")
        case .truncated:
            "gzip: truncated input"
        case let .outputLimitExceeded(limit):
            "gzip: decompressed output exceeds \(limit) bytes"
        }
    }
}
