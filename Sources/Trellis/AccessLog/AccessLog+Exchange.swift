import HTTPServer

/// The access-log line of one answered request (SPEC §4.3, §13), from the server's record of the
/// exchange and the pipeline's typed record of the page, never parsed from other text: after
/// the common fields, `remote` (the peer's address), `client` (`X-Client-Version` as sent, `-`
/// without one), `device` (`X-Device-Id`, when sent), `cache`, then the record's fields
/// (`trace_id`, the page's; an action's `action` and `backend`, SPEC §11) or the server's own
/// `error` code.
///
/// A page answered again to the same head (`RepeatedPageHit`) writes the same line with the
/// fields that are the same for each of its answers (`RepeatedLogFields`) written once: what
/// the line holds of the request (`method` to `bytes`), of the client (`client` to `cache`)
/// and of the page (after `trace_id`).
extension AccessLog {
    /// Buffers the line for `exchange`, whose annotation the pipeline set to `record`, or the
    /// action runner to `action`'s record, with the action's label (both nil for the ops
    /// endpoints, the preview and the server's own error answers): the caller has cast it already.
    func log(_ exchange: HTTPExchange, record: PageRecord?, action: (record: ActionRecord, label: String)?) {
        if let record, let repeated = record.repeated?.logFields, exchange.errorCode == nil {
            let segments = repeated.segments(for: exchange) { Self.segments(of: exchange, record: record, format: format) }
            return log(id: exchange.requestID, request: segments.request, nanoseconds: exchange.nanoseconds, loop: exchange.loop) { line in
                line.field("remote", exchange.remoteAddress)
                line.append(segment: segments.client)
                line.traceID("trace_id", record.traceBits)
                line.append(segment: segments.page)
            }
        }
        log(id: exchange.requestID, method: exchange.method, path: exchange.path, status: exchange.status,
            bytes: exchange.bodyBytes, nanoseconds: exchange.nanoseconds, loop: exchange.loop) { line in
            line.field("remote", exchange.remoteAddress)
            Self.appendClientFields(to: &line, exchange, record: record)
            if let record {
                record.appendAccessFields(to: &line, errorCode: exchange.errorCode)
            } else if let action {
                action.record.appendAccessFields(to: &line, action: action.label, errorCode: exchange.errorCode)
            } else if let errorCode = exchange.errorCode {
                line.field("error", errorCode)
            }
        }
    }

    /// `client`, `device` and `cache`.
    private static func appendClientFields(to line: inout LogLine, _ exchange: HTTPExchange, record: PageRecord?) {
        exchange.requestHeaders.withFirstValue(of: "X-Client-Version") { client in
            guard let client else { return line.field("client", word: "-") }
            line.field("client", bytes: client)
        }
        exchange.requestHeaders.withFirstValue(of: "X-Device-Id") { device in
            if let device { line.field("device", bytes: device) }
        }
        line.field("cache", word: record?.cacheField ?? "bypass")
    }

    /// The fields of `exchange`'s line that every answer to its head shares, in `format`.
    private static func segments(of exchange: HTTPExchange, record: PageRecord, format: LogFormat) -> RepeatedLogFields.Segments {
        RepeatedLogFields.Segments(
            status: exchange.status, bodyBytes: exchange.bodyBytes,
            request: LogLine.segment(format: format) {
                appendRequestFields(to: &$0, method: exchange.method, path: exchange.path, status: exchange.status, bytes: exchange.bodyBytes)
            },
            client: LogLine.segment(format: format) { appendClientFields(to: &$0, exchange, record: record) },
            page: LogLine.segment(format: format) { record.appendPageFields(to: &$0) })
    }
}
