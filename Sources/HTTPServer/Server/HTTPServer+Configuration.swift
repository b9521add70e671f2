import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

extension HTTPServer {
    /// The server's settings; every limit is inclusive (a value exactly at the limit passes).
    public struct Configuration: Sendable {
        /// The address to bind (an IPv4 or IPv6 literal, or a host name).
        public var host = "0.0.0.0"
        /// The port to bind; 0 picks a free one (read it from `boundPort`).
        public var port = 8080
        /// Longest request line in bytes, without CRLF (`--max-request-line`; 414 beyond).
        public var maxRequestLine = Defaults.maxRequestLine
        /// Largest header section in bytes (`--max-header-bytes`; 431 beyond). Also the budget
        /// of a chunked body's framing: chunk-size lines, extensions and trailer fields.
        public var maxHeaderBytes = Defaults.maxHeaderBytes
        /// Most header fields (`--max-header-count`; 431 beyond).
        public var maxHeaderCount = Defaults.maxHeaderCount
        /// Largest request body in bytes, declared or decoded (`--max-body`; 413 beyond).
        public var maxBody = Defaults.maxBody
        /// Time to receive a request head, from accept or from the request's first byte; not
        /// reset by trickled bytes (`--head-timeout`; 408 after it).
        public var headTimeout = Defaults.headTimeout
        /// Time a keep-alive connection may sit idle between requests (`--idle-timeout`).
        public var idleTimeout = Defaults.idleTimeout
        /// How long to discard input after a closing response before closing (lingering close).
        public var lingerTimeout = Defaults.lingerTimeout
        /// Open connections at which the listener pauses (`--max-connections`).
        public var maxConnections = Defaults.maxConnections
        /// Number of event-loop threads (default: one per CPU this process may use: its affinity
        /// mask, bounded by a cgroup CPU quota).
        public var eventLoops = UsableCPUs.count()
        /// Listen backlog (at least 4096).
        public var backlog: Int32 = 4096
        /// The `Server` header value.
        public var serverName = "Trellis"
        /// TLS for every connection (`--tls-cert`, `--tls-key`); nil serves plain HTTP.
        public var tls: TLSConfiguration?
        /// Heads each event loop remembers with an answer that may be given again
        /// (`HTTPHandler.repeatable`, `HeadMemo`); 0: every request is parsed and handled.
        public var repeatedHeads = 64

        /// The defaults above.
        public init() {}

        /// The limits and timeouts of SPEC §4.3, written once: the configuration's properties,
        /// the parser's `RequestLimits` and the `trellis serve` flags all start from these.
        public enum Defaults {
            /// `--max-request-line`: 8 KiB.
            public static let maxRequestLine = 8192
            /// `--max-header-bytes`: 32 KiB.
            public static let maxHeaderBytes = 32768
            /// `--max-header-count`.
            public static let maxHeaderCount = 100
            /// `--max-body`: 1 MiB.
            public static let maxBody = 1_048_576
            /// `--head-timeout`.
            public static let headTimeout: Duration = .seconds(10)
            /// `--idle-timeout`.
            public static let idleTimeout: Duration = .seconds(60)
            /// The lingering close after a closing response.
            public static let lingerTimeout: Duration = .seconds(2)
            /// `--max-connections`.
            public static let maxConnections = 10_000
        }
    }

    /// `start` could not bind or listen.
    public struct StartError: Error, Sendable, CustomStringConvertible {
        /// What failed, e.g. `bind 0.0.0.0:8080: Address already in use`.
        public var description: String
    }
}
