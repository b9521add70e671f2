import ArgumentParser
import HTTPServer
import Trellis

/// `trellis upstream`: a sample backend for the `url` sources of the sample Pages/.
struct UpstreamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upstream", abstract: "Serve a JSON file of values by id, as a sample upstream for url sources.",
        discussion: "A value with an \"items\" array is answered a page at a time: ?limit=<n> (default 20, at most 100) and ?cursor=<the next of the page before>; the answer adds \"next\", null on the last page.")

    @Option(help: "A JSON object of values keyed by id.") var data = "samples/recommendations.json"
    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on.") var port = 9100
    @Option(help: "Milliseconds to wait before each answer.") var latencyMs = 0
    @Option(help: "PEM certificate chain: serve HTTPS.") var tlsCert: String?
    @Option(help: "PEM private key for --tls-cert.") var tlsKey: String?
    @Option(help: "Take the id from this request header (a Bearer prefix dropped), e.g. Authorization.") var keyHeader: String?
    @Option(help: "With --key-header: the sample products (Pages/data/products.json); POST …/items then adds them to the caller's cart (409 for a sold-out one).") var products: String?
    @OptionGroup var logging: LogOptions

    func validate() throws {
        guard (tlsCert == nil) == (tlsKey == nil) else { throw ValidationError("--tls-cert and --tls-key go together") }
        guard products == nil || keyHeader != nil else { throw ValidationError("--products needs --key-header (whose cart to add to)") }
    }

    func run() throws {
        let logger = logging.bootstrap(label: "trellis.upstream-sample")
        var options = SampleUpstream.Options()
        options.host = host
        options.port = port
        options.latency = .milliseconds(latencyMs)
        options.keyHeader = keyHeader
        options.products = products
        if let tlsCert, let tlsKey { options.tls = TLSConfiguration(certificatePath: tlsCert, privateKeyPath: tlsKey) }
        throw ExitCode(SampleUpstream.run(data: data, options: options, logger: logger))
    }
}
