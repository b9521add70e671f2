import ArgumentParser
import Foundation
import HTTPServer
import Trellis

/// `trellis serve`: serve the Pages folder over HTTP (and HTTPS with a certificate).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve the pages over HTTP/1.1.")

    /// The value-taking options, for `TRELLIS_*` variables.
    static let optionNames = [
        "pages", "host", "port", "tls-cert", "tls-key", "max-request-line", "max-header-bytes",
        "max-header-count", "max-body", "head-timeout", "idle-timeout", "max-connections",
        "drain-grace", "drain-timeout", "cache-bytes", "event-loops", "repeated-heads", "reload-interval", "upstream-ca",
        "cors-origins", "at", "metrics-port", "edge-purge",
    ]

    /// What a flag left out means: the server's and the application's own defaults, so that each
    /// is written once (and `--help` shows it).
    private static let defaults = ServeOptions()

    @Option(help: "The Pages folder.") var pages = Self.defaults.pages
    @Option(help: "Address to listen on.") var host = Self.defaults.http.host
    @Option(help: "Port to listen on (0: any free port, printed at start).") var port = Self.defaults.http.port
    @Option(help: "Serve /metrics on this port of the same host (with /healthz and /readyz), and not on --port.") var metricsPort: Int?
    @Option(help: "PEM certificate chain: serve HTTPS.") var tlsCert: String?
    @Option(help: "PEM private key for --tls-cert (a warning if its group or others can read it).") var tlsKey: String?
    @Option(help: "Longest request line in bytes (414 above).") var maxRequestLine = Self.defaults.http.maxRequestLine
    @Option(help: "Largest request header section in bytes (431 above); also a chunked body's framing budget.") var maxHeaderBytes = Self.defaults.http.maxHeaderBytes
    @Option(help: "Most request header fields (431 above).") var maxHeaderCount = Self.defaults.http.maxHeaderCount
    @Option(help: "Largest request body in bytes (413 above).") var maxBody = Self.defaults.http.maxBody
    @Option(help: "Seconds to receive a request head (408 after).") var headTimeout = Self.defaults.http.headTimeout.seconds
    @Option(help: "Seconds an idle keep-alive connection is kept.") var idleTimeout = Self.defaults.http.idleTimeout.seconds
    @Option(help: "Most open connections; at the limit new ones wait in the backlog.") var maxConnections = Self.defaults.http.maxConnections
    @Option(help: "Seconds between SIGTERM and closing the listener (/readyz is 503 meanwhile).") var drainGrace = Self.defaults.drainGrace.seconds
    @Option(help: "Seconds to finish in-flight requests after SIGTERM before exiting.") var drainTimeout = Self.defaults.drainTimeout.seconds
    @Option(help: "Bytes the caches may hold: finished responses (three quarters) and upstream values (a quarter).") var cacheBytes = Self.defaults.cacheBytes
    @Option(help: "Event loop threads (default: one per CPU this process may use).") var eventLoops: Int?
    @Option(help: "Request heads each event loop remembers with a cached page to answer them again without handling them (0: off).")
    var repeatedHeads = Self.defaults.http.repeatedHeads
    @Option(help: "Seconds between checks of the Pages folder for changes.") var reloadInterval = Self.defaults.reloadInterval.seconds
    @Option(name: .customLong("upstream-ca"),
            help: "PEM CA certificates trusted for https upstreams besides the system store (repeatable).")
    var upstreamCA: [String] = []
    @Option(help: "Origins whose browser apps may call the server (CORS), comma-separated, or *.") var corsOrigins: String?
    @Option(name: .customLong("edge-purge"),
            help: "After a reload, PURGE each changed page (xkey: page-<name>) at this shared cache's URL (repeatable).")
    var edgePurge: [String] = []
    @Flag(help: "Serve /_preview/<route>: what each client receives, side by side (for page authors).") var preview = false
    @Option(help: "Decide scheduled content as of this fixed RFC 3339 time, e.g. 2026-12-01T00:00:00Z (previews, tests).") var at: String?
    @OptionGroup var logging: LogOptions

    func run() throws {
        let logger = logging.bootstrap(label: "trellis")
        var options = ServeOptions()
        options.logFormat = logging.logFormat
        options.pages = pages
        options.http.host = host
        options.http.port = port
        options.metricsPort = metricsPort
        if let tlsCert, let tlsKey {
            if let warning = PrivateKeyPermissions.warning(forKeyAt: tlsKey) { logger.warning("\(warning)") }
            options.http.tls = TLSConfiguration(certificatePath: tlsCert, privateKeyPath: tlsKey)
        }
        options.http.maxRequestLine = maxRequestLine
        options.http.maxHeaderBytes = maxHeaderBytes
        options.http.maxHeaderCount = maxHeaderCount
        options.http.maxBody = maxBody
        options.http.headTimeout = .seconds(headTimeout)
        options.http.idleTimeout = .seconds(idleTimeout)
        options.http.maxConnections = maxConnections
        if let eventLoops { options.http.eventLoops = eventLoops }
        options.http.repeatedHeads = repeatedHeads
        options.drainGrace = .seconds(drainGrace)
        options.drainTimeout = .seconds(drainTimeout)
        options.cacheBytes = cacheBytes
        options.reloadInterval = .seconds(reloadInterval)
        options.upstreamCAFiles = upstreamCA
        options.corsOrigins = Self.origins(corsOrigins)
        options.preview = preview
        options.edgePurgeURLs = edgePurge
        options.scheduleInstant = try at.map(ScheduleInstant.parse)
        let status = TrellisServer.run(options)
        throw ExitCode(status)
    }
}

extension Duration {
    /// The duration in seconds, as the flags take it.
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
