import HTTPServer

/// One GET, start to finish, on one event loop: a pooled or fresh connection (name resolved,
/// connected, TLS shaken hands), the request written, the response read — each step a
/// non-blocking attempt, waiting on the loop (`EventLoop.watch`) for the socket, with the
/// deadline a loop timer. No thread waits for the upstream.
///
/// A reused connection that turns out closed before any response byte (the server timed it
/// out while it sat in the pool) is retried once on a fresh connection, within the same
/// deadline. A GET is idempotent, so the retry is safe. The connection goes back to the pool
/// when its response leaves it able to carry another request.
///
/// Confined to its loop's thread: created, driven and finished there (a name lookup's answer
/// hops back with `execute`).
final class UpstreamExchange: @unchecked Sendable {
    /// What every exchange of a client shares.
    struct Settings: Sendable {
        /// Where idle connections wait.
        let pool: UpstreamConnectionPool
        /// The largest response accepted, head and framing included.
        let maxResponseBytes: Int
        /// Resolves names off the loop.
        let resolver: NameResolver
        /// The TLS client settings for `https://` targets (nil: none could be made).
        let tls: UpstreamTLSContext?
    }

    /// Where the exchange is.
    private enum Stage {
        case resolving, connecting, handshaking, writing, reading, finished
    }

    /// Bytes read per `read` step.
    private static let readSize = 16 * 1024

    private let loop: EventLoop
    private let settings: Settings
    private let target: UpstreamTarget
    private let request: [UInt8]
    private let completion: (Result<UpstreamResponse, UpstreamError>) -> Void
    private var stage = Stage.resolving
    private var connection: UpstreamConnection?
    private var watch: EventLoop.Watch?
    /// What the watch waits for now (`wantsRead` or `wantsWrite`): changed only when it must.
    private var waitingFor = UpstreamProgress.wantsWrite
    private var deadline: EventLoop.Scheduled?
    private var written = 0
    private var parser: UpstreamResponseParser

    /// Starts `GET target` with `headers` (names and values as the server's parser accepted
    /// them: no CR, LF or NUL can reach the request head) on `loop`, from its thread; calls
    /// `completion` there once, with the response or why there is none, by `deadline`.
    static func start(
        _ target: UpstreamTarget, headers: [UpstreamHeader], deadline: ContinuousClock.Instant, on loop: EventLoop,
        settings: Settings, completion: @escaping (Result<UpstreamResponse, UpstreamError>) -> Void
    ) {
        var head = Array("GET \(target.path) HTTP/1.1\r\nHost: \(target.hostHeader)\r\nAccept: application/json\r\n".utf8)
        for header in headers {
            head += header.name.utf8
            head += ": ".utf8
            head += header.value
            head += "\r\n".utf8
        }
        head += "Connection: keep-alive\r\n\r\n".utf8
        let exchange = UpstreamExchange(loop: loop, settings: settings, target: target, request: head, completion: completion)
        exchange.deadline = loop.schedule(at: deadline) { [exchange] in exchange.end(.failure(.timeout)) }
        if let pooled = settings.pool.take(target.poolKey) {
            exchange.send(on: pooled)
        } else {
            exchange.resolve()
        }
    }

    private init(loop: EventLoop, settings: Settings, target: UpstreamTarget, request: [UInt8],
                 completion: @escaping (Result<UpstreamResponse, UpstreamError>) -> Void) {
        self.loop = loop
        self.settings = settings
        self.target = target
        self.request = request
        self.completion = completion
        parser = UpstreamResponseParser(limit: settings.maxResponseBytes)
    }

    /// Looks the host up (an address literal or a known name answers at once, on this thread).
    private func resolve() {
        stage = .resolving
        settings.resolver.resolve(host: target.host, port: target.port) { [self, loop] result in
            if loop.inLoop {
                resolved(result)
            } else {
                loop.execute { self.resolved(result) }
            }
        }
    }

    private func resolved(_ result: Result<UpstreamAddress, UpstreamError>) {
        guard case .resolving = stage else { return }  // timed out meanwhile
        do {
            let fresh = try UpstreamConnection.connect(to: try result.get())
            stage = .connecting
            try attach(fresh)
        } catch {
            end(.failure(error))
        }
    }

    /// Sends the request on a pooled connection.
    private func send(on pooled: consuming UpstreamConnection) {
        stage = .writing
        do {
            try attach(pooled)
        } catch {
            end(.failure(error))
        }
    }

    /// Makes `connection` this exchange's and waits until its socket is writable (connected,
    /// or ready for the request).
    private func attach(_ connection: consuming UpstreamConnection) throws(UpstreamError) {
        let fd = connection.fd
        self.connection = consume connection
        waitingFor = .wantsWrite
        do {
            watch = try loop.watch(fd, readable: false, writable: true) { [self] _ in step() }
        } catch {
            throw UpstreamError(watching: error)
        }
    }

    /// Goes as far as the socket allows, then waits for what it needs.
    private func step() {
        var progress = UpstreamProgress.processed(0)
        do {
            while case .processed = progress, stage != .finished {
                progress = try advance()
            }
        } catch {
            return failed(error)
        }
        guard let watch, progress != waitingFor else { return }  // finished, or already waiting for it
        waitingFor = progress
        do {
            try loop.setInterest(watch, readable: progress == .wantsRead, writable: progress == .wantsWrite)
        } catch {
            end(.failure(UpstreamError(watching: error)))
        }
    }

    /// One step of the current stage.
    private func advance() throws(UpstreamError) -> UpstreamProgress {
        switch stage {
        case .resolving, .finished:
            return .wantsRead  // no socket to step on: the resolver's answer or nothing comes next
        case .connecting:
            try connection?.checkConnected()
            if target.secure {
                guard let tls = settings.tls else { throw .tls("no TLS client context could be made") }
                guard let plain = connection.take() else { return .wantsRead }
                connection = try plain.securing(with: tls, host: target.host)
                stage = .handshaking
            } else {
                stage = .writing
            }
            return .processed(0)
        case .handshaking:
            let progress = try connection?.handshake() ?? .wantsRead
            if case .processed = progress { stage = .writing }
            return progress
        case .writing:
            let progress = try connection?.write(request[written...]) ?? .wantsRead
            if case .processed(let count) = progress {
                written += count
                if written == request.count { stage = .reading }
            }
            return progress
        case .reading:
            return try read()
        }
    }

    /// One read: feeds the parser, ends the exchange once the response is complete.
    private func read() throws(UpstreamError) -> UpstreamProgress {
        var chunk = [UInt8](repeating: 0, count: Self.readSize)
        let read = chunk.withUnsafeMutableBytes { raw in
            Result { () throws(UpstreamError) in try connection?.read(into: raw) ?? .wantsRead }
        }
        let progress = try read.get()
        guard case .processed(let count) = progress else { return progress }
        let response: UpstreamResponse?
        if count == 0 {
            response = try parser.receiveEnd()
        } else {
            let parsed = chunk.withUnsafeBytes { raw in
                Result { () throws(UpstreamError) in try parser.receive(UnsafeRawBufferPointer(rebasing: raw[..<count])) }
            }
            response = try parsed.get()
        }
        if let response { end(.success(response)) }
        return progress
    }

    /// A step failed: a reused connection closed or reset before any response byte is
    /// stale, and the request goes again on a fresh one (once: a fresh one is never `reused`).
    private func failed(_ error: UpstreamError) {
        let stale = switch error {
        case .closedBeforeResponse: true
        case .connection: !parser.receivedAny
        default: false
        }
        guard stale, connection?.reused == true else { return end(.failure(error)) }
        _ = detach()
        written = 0
        parser = UpstreamResponseParser(limit: settings.maxResponseBytes)
        resolve()
    }

    /// Stops watching the socket; the connection, if any, is handed back.
    private func detach() -> UpstreamConnection? {
        if let watch { loop.unwatch(watch) }
        watch = nil
        return connection.take()
    }

    /// Finishes once: pools a reusable connection, closes any other, calls the completion.
    private func end(_ result: Result<UpstreamResponse, UpstreamError>) {
        guard stage != .finished else { return }
        stage = .finished
        if let deadline { loop.cancel(deadline) }
        if let connection = detach(), case .success(let response) = result, response.keepAlive {
            settings.pool.put(connection, for: target.poolKey)
        }
        completion(result)
    }
}
