import Logging
import Synchronization
import SystemCalls

/// What every event loop of one server shares: settings, the handler and the open-connection
/// count (the only cross-loop mutable state, atomic).
final class ServerContext: Sendable {
    let configuration: HTTPServer.Configuration
    let handler: any HTTPHandler
    let limits: RequestLimits
    let timeouts: ConnectionStateMachine.Timeouts
    let serverLine: [UInt8]
    let openConnections = Atomic<Int>(0)
    /// Set when the listener paused at `maxConnections`; a closing connection resumes it.
    let acceptPaused = Atomic<Bool>(false)
    /// The loops, set once by `start`; loop 0 owns the listener.
    let loops = Mutex<[EventLoop]>([])
    /// The TLS contexts when `configuration.tls` is set (loaded by `start`).
    let tls: TLSContextStore?
    /// Where the server logs its own failures, rate-limited.
    let failures: FailureLog
    /// Accepts one client from the listening socket (`System.accept`; tests inject failures).
    let accept: @Sendable (Int32) throws(SystemError) -> IOResult<Int32>

    init(
        configuration: HTTPServer.Configuration, handler: any HTTPHandler, logger: Logger,
        accept: @escaping @Sendable (Int32) throws(SystemError) -> IOResult<Int32> = System.accept
    ) {
        self.configuration = configuration
        self.handler = handler
        self.failures = FailureLog(logger: logger)
        self.accept = accept
        limits = RequestLimits(
            maxRequestLine: configuration.maxRequestLine, maxHeaderBytes: configuration.maxHeaderBytes,
            maxHeaderCount: configuration.maxHeaderCount, maxBody: configuration.maxBody)
        timeouts = ConnectionStateMachine.Timeouts(
            head: configuration.headTimeout, idle: configuration.idleTimeout, linger: configuration.lingerTimeout)
        tls = configuration.tls.map(TLSContextStore.init(configuration:))
        serverLine = Array("Server: \(configuration.serverName)\r\n".utf8)
    }
}
