import HTTPServer

/// The instant local backend of `trellis bench --served-hits` for an action (SPEC §11): the
/// sample carts backend (`SampleCarts`, as `trellis upstream --key-header Authorization
/// --products` serves it) on 127.0.0.1, in the benchmark's process, on its own event loop
/// thread, answering at once. Its thread is the one `bench/hit_cost.sh` leaves out of the
/// server's count (with the client's). The Pages served must point the action's `upstream`
/// and their `cart` source at it (`bench/action_cost.sh` rewrites a copy of the sample Pages).
public struct ServedBackend: Sendable {
    /// The port it listens on.
    public var port: Int

    public init(port: Int) {
        self.port = port
    }

    /// The backend listening, with the sample Pages' carts (`<pages>/data/cart.sample.json`)
    /// and products (`<pages>/data/products.json`); a failure names a file that is not a JSON
    /// object, or the port it can't listen on.
    func start(pages: String) -> Result<HTTPServer, ServedHitFailure> {
        let cartsFile = pages + "/data/cart.sample.json", productsFile = pages + "/data/products.json"
        guard let values = SampleUpstream.values(file: cartsFile) else {
            return .failure(ServedHitFailure(message: "\(cartsFile): not a readable JSON object"))
        }
        guard let products = SampleUpstream.values(file: productsFile) else {
            return .failure(ServedHitFailure(message: "\(productsFile): not a readable JSON object"))
        }
        var configuration = HTTPServer.Configuration()
        configuration.host = "127.0.0.1"
        configuration.port = port
        configuration.eventLoops = 1
        let handler = SampleUpstream.Handler(values: values, latency: .zero, keyHeader: "Authorization",
                                             carts: SampleCarts(values: values, products: products))
        let server = HTTPServer(configuration: configuration, handler: handler)
        do {
            try server.start()
        } catch {
            return .failure(ServedHitFailure(message: "the carts backend cannot listen on 127.0.0.1:\(port): \(error)"))
        }
        return .success(server)
    }
}
