import Foundation
import TestSupport

/// The sample shop as an app meets it: `trellis serve` on a copy of the sample Pages, with the
/// recommendations and search backends (`trellis upstream`) on ephemeral ports behind it. The
/// https carts backend is left out unless asked for (the cart page then serves without its
/// lines, and add-to-cart answers 502); with `carts`, it runs as samples/run-upstreams.sh runs
/// it (per user by `Authorization`, adding lines, 409 for sold-out product 7) with a
/// certificate from a test CA that the server trusts by `--upstream-ca`.
final class SampleShopServers {
    let recommendations: ServerProcess
    let search: ServerProcess
    /// The https carts backend, when asked for.
    let carts: ServerProcess?
    let pages: TempPages
    let server: ServerProcess
    /// The CA that issued the carts backend's certificate (its folder lives as long as this).
    private let authority: TestCertificateAuthority?

    init(carts withCarts: Bool = false) throws {
        recommendations = try ServerProcess(command: [
            "upstream", "--data", ServerProcess.packageRoot + "/samples/recommendations.json", "--port", "0"])
        search = try ServerProcess(command: ["upstream", "--data", ServerProcess.packageRoot + "/samples/search.json", "--port", "0"])
        pages = try TempPages()
        try pages.write("sources.json", try pages.read("sources.json")
            .replacingOccurrences(of: "127.0.0.1:9100", with: "127.0.0.1:\(recommendations.port)")
            .replacingOccurrences(of: "127.0.0.1:9101", with: "127.0.0.1:\(search.port)"))
        guard withCarts else {
            carts = nil
            authority = nil
            server = try ServerProcess(pages: pages.path)
            return
        }
        guard let authority = TestCertificateAuthority(),
              let pair = authority.issue("localhost", subjectAltName: "DNS:localhost,IP:127.0.0.1")
        else { throw TestFailure("openssl could not make the carts backend's test CA") }
        let carts = try ServerProcess(command: [
            "upstream", "--data", ServerProcess.packageRoot + "/samples/carts.json", "--port", "0",
            "--key-header", "Authorization", "--products", ServerProcess.packageRoot + "/Pages/data/products.json",
            "--tls-cert", pair.certificate, "--tls-key", pair.key])
        for file in ["sources.json", "actions/add-to-cart.json"] {
            try pages.write(file, try pages.read(file).replacingOccurrences(of: "localhost:9443", with: "localhost:\(carts.port)"))
        }
        self.carts = carts
        self.authority = authority
        server = try ServerProcess(pages: pages.path, arguments: ["--upstream-ca", authority.certificate])
    }

    /// The server's address.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(server.port)")! }

    /// Stops the server, then the backends, each by its PID.
    func stop() {
        server.stop()
        recommendations.stop()
        search.stop()
        carts?.stop()
    }

    deinit { stop() }
}
