import HTTPServer

/// The access-log line of one answered request (SPEC §4.3, §13), from the server's record of the
/// exchange and the pipeline's typed record of the page, never parsed from other text: after
/// the common fields, `remote` (the peer's address), `client` (`X-Client-Version` as sent, `-`
/// without one), `device` (`X-Device-Id`, when sent), `cache`, then the record's fields
/// (`trace_id`, the page's; an action's `action` and `backend`, SPEC §11) or the server's own
/// `error` code.
extension AccessLog {
    /// Buffers the line for `exchange`, whose annotation the pipeline set to `record` (nil for
    /// the ops endpoints, the preview and the server's own error answers).
    func log(_ exchange: HTTPExchange, record: PageRecord?) {
        log(id: exchange.requestID, method: exchange.method, path: exchange.path, status: exchange.status,
            bytes: exchange.bodyBytes, duration: exchange.duration, loop: exchange.loop) { line in
            line.field("remote", exchange.remoteAddress)
            exchange.requestHeaders.withFirstValue(of: "X-Client-Version") { client in
                guard let client else { return line.field("client", word: "-") }
                line.field("client", bytes: client)
            }
            exchange.requestHeaders.withFirstValue(of: "X-Device-Id") { device in
                if let device { line.field("device", bytes: device) }
            }
            line.field("cache", word: record?.cacheField ?? "bypass")
            if let record {
                record.appendAccessFields(to: &line, errorCode: exchange.errorCode)
            } else if let action = exchange.annotation as? ActionRecord {
                action.appendAccessFields(to: &line, errorCode: exchange.errorCode)
            } else if let errorCode = exchange.errorCode {
                line.field("error", errorCode)
            }
        }
    }
}
