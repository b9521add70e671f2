import Foundation
import HTTPClient
import HTTPServer

/// Everything `trellis serve` is configured with: the HTTP server's own settings (limits,
/// timeouts, TLS, event loops; SPEC §4.3 defaults) and the application's. Every field has a
/// flag and a `TRELLIS_<FLAG>` variable.
public struct ServeOptions: Sendable {
    /// The Pages folder.
    public var pages = "Pages"
    /// The HTTP server: address, limits, timeouts, TLS.
    public var http = HTTPServer.Configuration()
    /// `--metrics-port`: serve `/metrics` on this port of the same host (with `/healthz` and
    /// `/readyz`), and not on the public one; nil: `/metrics` on the public port.
    public var metricsPort: Int?
    /// Time between SIGTERM and closing the listener (`/readyz` is 503 meanwhile).
    public var drainGrace: Duration = .zero
    /// Time to finish in-flight requests after the listener closes.
    public var drainTimeout: Duration = .seconds(10)
    /// Bytes all the caches together may hold: finished representations (`responseCacheBytes`)
    /// and upstream values (`upstreamCacheBytes`).
    public var cacheBytes = 64 * 1024 * 1024
    /// How often the Pages folder is checked for changes.
    public var reloadInterval: Duration = .milliseconds(500)
    /// PEM CA files trusted for `https://` upstreams, besides the system trust store.
    public var upstreamCAFiles: [String] = []
    /// `--cors-origins`: origins (or `*`) whose browser apps may call the server; none: CORS off.
    public var corsOrigins: [String] = []
    /// `--preview`: serve `/_preview/<route>` for page authors.
    public var preview = false
    /// `--at`: the instant scheduled content (SPEC §7.5) is decided at, held fixed; nil: the
    /// real time of each request. For previewing a date, and for tests that must not depend on
    /// today's date. The `Date` header and every timeout keep the real clock.
    public var scheduleInstant: Date?
    /// `--edge-purge`: the shared caches told what each reload changed (SPEC §12); none: no purges.
    public var edgePurgeURLs: [String] = []
    /// `--log-format`: the access log's lines (the logs' are set by `LogBootstrap`).
    public var logFormat = LogFormat.text

    public init() {}

    /// The first `--edge-purge` value that is not an `http(s)://host[:port]/path` URL, if any.
    public static func firstInvalidPurgeURL(_ urls: [String]) -> String? {
        urls.first { HTTPClient.ClientTarget($0) == nil }
    }

    /// The response cache's share of `cacheBytes`: what the upstream values do not take.
    public var responseCacheBytes: Int { cacheBytes - upstreamCacheBytes }

    /// The `--metrics-port` server's settings: the public server's (host, TLS, limits) on that
    /// port, with one event loop (a scrape and the probes are all it answers); nil without the flag.
    public var metricsConfiguration: HTTPServer.Configuration? {
        metricsPort.map { port in
            var configuration = http
            configuration.port = port
            configuration.eventLoops = 1
            return configuration
        }
    }

    /// The upstream value cache's share of `cacheBytes`: a quarter.
    public var upstreamCacheBytes: Int { cacheBytes / 4 }
}
