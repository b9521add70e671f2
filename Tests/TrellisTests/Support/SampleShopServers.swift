import Foundation

/// The sample shop as an app meets it: `trellis serve` on a copy of the sample Pages, with the
/// recommendations and search backends (`trellis upstream`) on ephemeral ports behind it. The
/// https carts backend is left out: the cart page then serves without its lines.
final class SampleShopServers {
    let recommendations: ServerProcess
    let search: ServerProcess
    let pages: TempPages
    let server: ServerProcess

    init() throws {
        recommendations = try ServerProcess(command: [
            "upstream", "--data", ServerProcess.packageRoot + "/samples/recommendations.json", "--port", "0"])
        search = try ServerProcess(command: ["upstream", "--data", ServerProcess.packageRoot + "/samples/search.json", "--port", "0"])
        pages = try TempPages()
        try pages.write("sources.json", try pages.read("sources.json")
            .replacingOccurrences(of: "127.0.0.1:9100", with: "127.0.0.1:\(recommendations.port)")
            .replacingOccurrences(of: "127.0.0.1:9101", with: "127.0.0.1:\(search.port)"))
        server = try ServerProcess(pages: pages.path)
    }

    /// The server's address.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(server.port)")! }

    /// Stops the server, then the backends, each by its PID.
    func stop() {
        server.stop()
        recommendations.stop()
        search.stop()
    }

    deinit { stop() }
}
