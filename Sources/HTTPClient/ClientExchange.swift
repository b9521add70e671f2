import HTTPServer

/// One request, start to finish, on one event loop: a pooled or fresh connection (name
/// resolved, connected, TLS shaken hands), the request written, the response read — each step a
/// non-blocking attempt, waiting on the loop (`EventLoop.watch`) for the socket, with the
/// deadline a loop timer. No thread waits for the server.
///
/// A pooled connection is checked in the step that writes the request's first bytes, not
/// when it is taken: between the two the loop may run for a while, and a response nobody asked
/// for (or a close) that arrives meanwhile would otherwise be read as this request's answer,
/// leaving the real one for the next user (SPEC §14). One with anything to read then is closed
/// unwritten and the request checked out again, whatever its method: nothing of it was sent.
/// Bytes that arrive after the request is written can't be told from its answer, unless more
/// follows at once: a response on a reused connection with bytes right behind it (read with
/// it, or waiting on the socket) may be one nobody asked for, so it is no answer
/// (`.unsolicitedResponse`).
///
/// A reused connection that turns out closed before any response byte (the server timed it
/// out after that check) is fatal to a POST, PUT, PATCH or DELETE, which may have taken
/// effect: the client never sends one twice by itself. A GET or HEAD is idempotent and goes
/// again once on a fresh connection, within the same deadline. The connection goes back to the
/// pool, under the request's key (`ClientRequest.poolPartition`), when its response leaves it
/// able to carry another request.
///
/// Confined to its loop's thread: created, driven and finished there (a name lookup's answer
/// hops back with `execute`).
package final class ClientExchange: @unchecked Sendable {
    /// Where the exchange is.
    private enum Stage {
        case resolving, connecting, handshaking, writing, reading, finished
    }

    /// Bytes read per `read` step.
    private static let readSize = 16 * 1024

    private let loop: EventLoop
    private let settings: Settings
    private let target: ClientTarget
    /// The request's bytes on the wire.
    private let request: [UInt8]
    /// Where its connection is pooled.
    private let poolKey: String
    /// Whether a stale pooled connection may be replaced by a fresh one (GET, HEAD).
    private let retriable: Bool
    /// A HEAD: its answer has no body, whatever its head says.
    private let bodiless: Bool
    private let completion: (Result<ClientResponse, ClientError>) -> Void
    private var stage = Stage.resolving
    private var connection: ClientConnection?
    private var watch: EventLoop.Watch?
    /// What the watch waits for now (`wantsRead` or `wantsWrite`): changed only when it must.
    private var waitingFor = SocketProgress.wantsWrite
    private var deadline: EventLoop.Scheduled?
    private var written = 0
    private var parser: ResponseParser
    /// The buffer each `read` step reads into, never zeroed: allocated at the first read (the
    /// socket readable, the answer arriving) and freed when the exchange ends, so thousands of
    /// exchanges waiting on slow backends hold none.
    private var chunk: UnsafeMutableRawBufferPointer?

    /// Starts `request` on `loop`, from its thread; calls `completion` there once, with the
    /// response or why there is none, by `deadline`.
    package static func start(
        _ request: ClientRequest, deadline: ContinuousClock.Instant, on loop: EventLoop,
        settings: Settings, completion: @escaping (Result<ClientResponse, ClientError>) -> Void
    ) {
        let exchange = ClientExchange(loop: loop, settings: settings, request: request, completion: completion)
        exchange.deadline = loop.schedule(at: deadline) { [exchange] in exchange.end(.failure(.timeout)) }
        exchange.checkOut()
    }

    private init(loop: EventLoop, settings: Settings, request: ClientRequest,
                 completion: @escaping (Result<ClientResponse, ClientError>) -> Void) {
        self.loop = loop
        self.settings = settings
        target = request.target
        self.request = request.encoded()
        poolKey = request.poolKey
        retriable = request.method.isRetriable
        bodiless = request.method == .head
        self.completion = completion
        parser = ResponseParser(limit: settings.maxResponseBytes, bodiless: bodiless)
    }

    deinit {
        chunk?.deallocate()
    }

    /// Sends the request on an idle pooled connection, or on a new one if there is none.
    private func checkOut() {
        if let pooled = settings.pool.take(poolKey) {
            send(on: pooled)
        } else {
            resolve()
        }
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

    private func resolved(_ result: Result<SocketAddress, ClientError>) {
        guard case .resolving = stage else { return }  // timed out meanwhile
        do {
            let fresh = try ClientConnection.connect(to: try result.get())
            stage = .connecting
            try attach(fresh)
        } catch {
            end(.failure(error))
        }
    }

    /// Sends the request on a pooled connection.
    private func send(on pooled: consuming ClientConnection) {
        stage = .writing
        do {
            try attach(pooled)
        } catch {
            end(.failure(error))
        }
    }

    /// Makes `connection` this exchange's and waits until its socket is writable (connected,
    /// or ready for the request).
    private func attach(_ connection: consuming ClientConnection) throws(ClientError) {
        let fd = connection.fd
        self.connection = consume connection
        waitingFor = .wantsWrite
        do {
            watch = try loop.watch(fd, readable: false, writable: true) { [self] _ in step() }
        } catch {
            throw ClientError(watching: error)
        }
    }

    /// Goes as far as the socket allows, then waits for what it needs.
    private func step() {
        var progress = SocketProgress.processed(0)
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
            end(.failure(ClientError(watching: error)))
        }
    }

    /// One step of the current stage.
    private func advance() throws(ClientError) -> SocketProgress {
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
            if written == 0, connection?.reused == true, connection?.hasNothingToRead == false {
                return checkOutAgain()
            }
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
    private func read() throws(ClientError) -> SocketProgress {
        let chunk = self.chunk ?? UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readSize, alignment: 1)
        self.chunk = chunk
        let progress = try connection?.read(into: chunk) ?? .wantsRead
        guard case .processed(let count) = progress else { return progress }
        let response: ClientResponse?
        if count == 0 {
            response = try parser.receiveEnd()
        } else {
            response = try parser.receive(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        }
        if let response { try deliver(response) }
        return progress
    }

    /// Ends with `response`, unless it came on a reused connection with more right behind it:
    /// a server that sent a response nobody asked for (a late one, arriving after the request
    /// was written) would have it read as this request's answer, its real answer following.
    /// More is bytes read past it, or, for a GET or HEAD, which can go again at no risk,
    /// anything waiting on the socket after a keep-alive response (the check can't tell bytes
    /// from a close). A fresh connection's first response can only be its own.
    private func deliver(_ response: ClientResponse) throws(ClientError) {
        guard connection?.reused == true else { return end(.success(response)) }
        if parser.hasBytesPastResponse || retriable && response.keepAlive && connection?.hasNothingToRead == false {
            throw .unsolicitedResponse
        }
        end(.success(response))
    }

    /// Closes the pooled connection about to carry the request, which has something to read,
    /// and checks out another; what comes next waits for its own event.
    private func checkOutAgain() -> SocketProgress {
        _ = detach()
        checkOut()
        return .wantsWrite
    }

    /// A step failed: a reused connection closed or reset before any response byte, or one
    /// with an unsolicited response, is stale, and a GET or HEAD goes again on a fresh one
    /// (once: a fresh one is never `reused`).
    private func failed(_ error: ClientError) {
        let stale = switch error {
        case .closedBeforeResponse, .unsolicitedResponse: true
        case .connection: !parser.receivedAny
        default: false
        }
        guard stale, retriable, connection?.reused == true else { return end(.failure(error)) }
        _ = detach()
        written = 0
        parser = ResponseParser(limit: settings.maxResponseBytes, bodiless: bodiless)
        resolve()
    }

    /// Stops watching the socket; the connection, if any, is handed back.
    private func detach() -> ClientConnection? {
        if let watch { loop.unwatch(watch) }
        watch = nil
        return connection.take()
    }

    /// Finishes once: pools a reusable connection, closes any other, calls the completion.
    private func end(_ result: Result<ClientResponse, ClientError>) {
        guard stage != .finished else { return }
        stage = .finished
        chunk?.deallocate()
        chunk = nil
        if let deadline { loop.cancel(deadline) }
        if let connection = detach(), case .success(let response) = result, response.keepAlive {
            settings.pool.put(connection, for: poolKey)
        }
        completion(result)
    }
}
