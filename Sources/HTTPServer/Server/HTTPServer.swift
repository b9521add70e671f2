import SystemCalls
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An event-driven HTTP/1.1 server (SPEC §4.3) on non-blocking sockets and epoll.
///
/// `eventLoops` threads each own an epoll instance, an eventfd for wake-ups and a timer heap;
/// loop 0 also accepts and distributes connections round-robin. A connection stays on its loop
/// for life. Requests are parsed strictly (RFC 9112), limits are checked before the handler
/// sees anything, pipelined requests are answered in order, responses go out with one
/// `writev`, protocol errors are answered with JSON and a lingering close.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(), handler: MyHandler())
/// try server.start()
/// // on SIGTERM:
/// server.drain(grace: .zero, timeout: .seconds(10)) { exit(0) }
/// ```
public final class HTTPServer: Sendable {
    /// The settings the server was created with.
    public let configuration: Configuration
    let context: ServerContext
    private let state = Mutex<(started: Bool, port: Int, stopped: Bool)>((false, 0, false))

    /// A server that will answer with `handler`; call `start` to listen. The server logs its
    /// own failures (epoll errors, accept back-off, TLS handshakes) to `logger`, at most one
    /// line per kind per second, with the count of those suppressed in between.
    public init(configuration: Configuration, handler: any HTTPHandler, logger: Logger = Logger(label: "HTTPServer")) {
        self.configuration = configuration
        context = ServerContext(configuration: configuration, handler: handler, logger: logger)
    }

    /// A server whose accept call is `accept` (tests inject EMFILE with it).
    init(
        configuration: Configuration, handler: any HTTPHandler, logger: Logger,
        accept: @escaping @Sendable (Int32) throws(SystemError) -> IOResult<Int32>
    ) {
        self.configuration = configuration
        context = ServerContext(configuration: configuration, handler: handler, logger: logger, accept: accept)
    }

    /// Binds and listens (SO_REUSEADDR, backlog ≥ 4096) and starts the event loops.
    /// Throws `StartError` (with the address and reason) if the address can't be bound, and
    /// `TLSError` (naming the file and OpenSSL's reason) if TLS is set and its certificate or
    /// key is missing, unreadable, malformed or mismatched.
    public func start() throws {
        signal(SIGPIPE, SIG_IGN)
        let alreadyStarted = state.withLock { state in
            defer { state.started = true }
            return state.started
        }
        guard !alreadyStarted else { throw StartError(description: "start: the server is already started") }
        do {
            try context.tls?.reload()
        } catch {
            state.withLock { $0.started = false }
            throw error
        }
        let socket = try ListeningSocket.open(
            host: configuration.host, port: configuration.port, backlog: configuration.backlog)
        var loops: [EventLoop] = []
        do {
            for index in 0..<max(1, configuration.eventLoops) {
                loops.append(try EventLoop(index: index, context: context))
            }
        } catch {
            System.close(socket.fd)
            throw StartError(description: "event loop: \(error)")
        }
        context.loops.withLock { $0 = loops }
        state.withLock { $0.port = socket.port }
        let all = loops
        let first = all[0]
        first.execute {
            first.listener = Listener(fd: socket.fd, loop: first, loops: all)
            first.listener?.resume()
        }
        for loop in loops {
            Thread {
                System.nameCurrentThread("http-loop-\(loop.index)")
                loop.run()
            }.start()
        }
    }

    /// The port actually bound (useful with port 0); 0 before `start`.
    public var boundPort: Int {
        state.withLock { $0.port }
    }

    /// Connections accepted and not yet closed.
    public var openConnections: Int {
        context.openConnections.load(ordering: .relaxed)
    }

    /// Stops at once: closes the listener and every connection, and ends the loop threads.
    public func stop() {
        let loops = context.loops.withLock { $0 }
        let wasStopped = state.withLock { state in
            defer { state.stopped = true }
            return state.stopped
        }
        guard !wasStopped else { return }
        for loop in loops { loop.stop() }
    }
}
