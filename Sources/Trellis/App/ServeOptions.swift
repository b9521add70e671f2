/// Everything `trellis serve` is configured with; every field has a flag and a
/// `TRELLIS_<FLAG>` variable, with the defaults of SPEC §4.3.
public struct ServeOptions: Sendable {
    public var pages = "Pages"
    public var host = "0.0.0.0"
    public var port = 8080
    public var tlsCertificate: String?
    public var tlsKey: String?
    public var maxRequestLine = 8192
    public var maxHeaderBytes = 32768
    public var maxHeaderCount = 100
    public var maxBody = 1_048_576
    public var headTimeout: Duration = .seconds(10)
    public var idleTimeout: Duration = .seconds(60)
    public var maxConnections = 10_000
    public var drainGrace: Duration = .zero
    public var drainTimeout: Duration = .seconds(10)
    /// Bytes of finished representations the response cache keeps.
    public var cacheBytes = 64 * 1024 * 1024
    /// Event-loop threads; nil means one per core.
    public var eventLoops: Int?
    /// How often the Pages folder is checked for changes.
    public var reloadInterval: Duration = .milliseconds(500)

    public init() {}
}
