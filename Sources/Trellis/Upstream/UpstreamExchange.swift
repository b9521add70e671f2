/// One GET, start to finish: a pooled or fresh connection, the request, the response, the
/// connection given back when it can carry another request.
///
/// A reused connection that turns out closed before any response byte (the server timed
/// it out while it sat in the pool) is retried once on a fresh connection, within the same
/// deadline. A GET is idempotent, so the retry is safe.
struct UpstreamExchange: Sendable {
    /// Where idle connections wait.
    let pool: UpstreamConnectionPool
    /// The largest response accepted, head and framing included.
    let maxResponseBytes: Int
    /// Resolves names within the deadline.
    let resolver: NameResolver
    /// The TLS client settings for `https://` targets (nil: none could be made).
    let tls: UpstreamTLSContext?

    /// The response to `GET target` with `headers` (names and values as the server's parser
    /// accepted them: no CR, LF or NUL can reach the request head), or why there is none.
    func perform(_ target: UpstreamTarget, headers: [UpstreamHeader], deadline: UpstreamDeadline) throws(UpstreamError) -> UpstreamResponse {
        var head = "GET \(target.path) HTTP/1.1\r\nHost: \(target.hostHeader)\r\nAccept: application/json\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        let request = Array((head + "Connection: keep-alive\r\n\r\n").utf8)
        if let pooled = pool.take(target.poolKey) {
            do {
                return try exchange(request, on: pooled, key: target.poolKey, deadline: deadline)
            } catch .closedBeforeResponse {
                // Stale: fall through to a fresh connection.
            }
        }
        let address = try resolver.resolve(host: target.host, port: target.port, deadline: deadline)
        var session: (context: UpstreamTLSContext, host: String)?
        if target.secure {
            guard let tls else { throw .tls("no TLS client context could be made") }
            session = (tls, target.host)
        }
        let fresh = try UpstreamConnection.open(to: address, tls: session, deadline: deadline)
        return try exchange(request, on: fresh, key: target.poolKey, deadline: deadline)
    }

    /// Sends `request` on `connection` and reads the response; pools the connection when it
    /// can carry another request (otherwise it is dropped, which closes it).
    private func exchange(
        _ request: [UInt8], on connection: consuming UpstreamConnection, key: String, deadline: UpstreamDeadline
    ) throws(UpstreamError) -> UpstreamResponse {
        do throws(UpstreamError) {
            try connection.write(request, deadline: deadline)
        } catch .connection where connection.reused {
            throw UpstreamError.closedBeforeResponse  // EPIPE / ECONNRESET on a stale connection
        }
        var reader = UpstreamResponseReader(connection: connection, deadline: deadline, limit: maxResponseBytes)
        let response = try reader.read()
        if response.keepAlive { pool.put(reader.finish(), for: key) }
        return response
    }
}
