import HTTPServer

/// The fields of the access-log line of a page answered again to the same head
/// (`RepeatedPageHit`) that are the same for each of its answers, written once (at its first
/// answer's line) in the log's format. Used on its event loop's thread only.
final class RepeatedLogFields: @unchecked Sendable {
    /// The written fields, and the status and body bytes they were written for (one object:
    /// an answer takes one reference to them).
    final class Segments {
        let status: Int
        let bodyBytes: Int
        /// `method`, `path`, `status`, `bytes`.
        let request: LogSegment
        /// `client`, `device`, `cache`.
        let client: LogSegment
        /// The page's fields after `trace_id`.
        let page: LogSegment

        init(status: Int, bodyBytes: Int, request: LogSegment, client: LogSegment, page: LogSegment) {
            self.status = status
            self.bodyBytes = bodyBytes
            self.request = request
            self.client = client
            self.page = page
        }
    }

    private var written: Segments?

    /// The segments for `exchange`: those written before, when they were written for its status
    /// and body bytes, else those `write` makes, kept for next time.
    func segments(for exchange: HTTPExchange, write: () -> Segments) -> Segments {
        if let written, written.status == exchange.status, written.bodyBytes == exchange.bodyBytes { return written }
        let segments = write()
        written = segments
        return segments
    }
}
