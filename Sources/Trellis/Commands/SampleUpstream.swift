import Dispatch
import Foundation
import HTTPServer
import Logging
import SDUI

/// `trellis upstream`: a tiny backend for local runs of `url` sources. It serves a JSON file
/// of values keyed by id: `GET /<anything>/<id>` answers the value of `<id>` (compact JSON),
/// an unknown id is a JSON 404. A value with an `items` array is answered a page at a time
/// (`?cursor=<c>&limit=<n>`, see `SamplePaging`), as a search backend that pages itself. `--latency-ms` delays every answer, to watch timeouts work;
/// `--tls-cert`/`--tls-key` serve HTTPS; `--key-header Authorization` takes the id from that
/// request header instead (a `Bearer ` prefix dropped), as a per-user service would; with
/// `--products`, its values are carts that `POST …/items` adds to (`SampleCarts`).
public enum SampleUpstream {
    /// How the sample backend answers.
    public struct Options: Sendable {
        public var host = "127.0.0.1"
        public var port = 9100
        public var latency: Duration = .zero
        /// HTTPS with this certificate chain and key.
        public var tls: TLSConfiguration?
        /// The request header that names the id (nil: the last path segment).
        public var keyHeader: String?
        /// The sample products (`Pages/data/products.json`): with `keyHeader`, the values are
        /// carts that `POST …/items` adds these products to (`SampleCarts`, SPEC §11).
        public var products: String?

        public init() {}
    }

    /// The values by id in the JSON object file at `path`; nil when it is not readable as one.
    static func values(file path: String) -> JSONObject? {
        guard let bytes = FileManager.default.contents(atPath: path),
              case .object(let values)? = try? JSONParser.parse(Array(bytes)) else { return nil }
        return values
    }

    /// Serves until SIGTERM/SIGINT, logging through `logger`; returns the exit status.
    public static func run(data path: String, options: Options, logger: Logger) -> Int32 {
        guard let values = values(file: path) else {
            logger.critical("\(path): not a readable JSON object")
            return 1
        }
        var carts: SampleCarts?
        if let products = options.products {
            guard let catalog = Self.values(file: products) else {
                logger.critical("\(products): not a readable JSON object")
                return 1
            }
            carts = SampleCarts(values: values, products: catalog)
        }
        signal(SIGPIPE, SIG_IGN)
        SignalHandlers.block([SIGTERM, SIGINT])
        var configuration = HTTPServer.Configuration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.eventLoops = 1
        configuration.tls = options.tls
        let server = HTTPServer(configuration: configuration,
                                handler: Handler(values: values, latency: options.latency, keyHeader: options.keyHeader, carts: carts),
                                logger: logger)
        do {
            try server.start()
        } catch {
            logger.critical("cannot start on \(options.host):\(options.port): \(error)")
            return 1
        }
        let signals = SignalHandlers()
        signals.on(SIGTERM, SIGINT) { exit(0) }  // before the announcement: a stop sent on it is handled
        let scheme = options.tls == nil ? "http" : "https"
        logger.notice("listening on \(scheme)://\(options.host):\(server.boundPort) (\(values.count) values from \(path))")
        withExtendedLifetime((server, signals)) { dispatchMain() }
    }

    /// Answers `GET /…/<id>[?cursor=…&limit=…]` (or the id in `keyHeader`) from the values, or
    /// from `carts` when there are some, which `POST …/items` adds to.
    struct Handler: HTTPHandler {
        let values: JSONObject
        let latency: Duration
        let keyHeader: String?
        var carts: SampleCarts?

        func handle(_ request: HTTPRequest, responder: HTTPResponder) {
            var id = String(request.path.split(separator: "/").last ?? "").removingPercentEncoding ?? ""
            if let keyHeader {
                let value = request.headers[keyHeader] ?? ""
                id = value.hasPrefix("Bearer ") ? String(value.dropFirst(7)) : value
            }
            let response = if let carts, request.method == "POST", request.path.hasSuffix("/items") {
                carts.add(request.body, for: id)
            } else {
                answer(id: id, query: request.query)
            }
            guard latency > .zero else { return responder.respond(response) }
            DispatchQueue.global().asyncAfter(deadline: .now() + latency.dispatchInterval) { [response] in
                responder.respond(response)
            }
        }

        /// The value of `id`, paged as `query` asks when it is a collection; a JSON 404 for
        /// an unknown id, a 400 for a malformed cursor or limit.
        private func answer(id: String, query: String?) -> HTTPResponse {
            if let carts {
                // A cart is answered whole: its lines are what the user added.
                guard let cart = carts.value(id) else { return HTTPError.notFound.response }
                var response = HTTPResponse(status: 200, body: JSONWriter.encode(cart))
                response.headers.add("Content-Type", "application/json; charset=utf-8")
                return response
            }
            let paging: SamplePaging
            switch SamplePaging.parse(query: query) {
            case .success(let parsed): paging = parsed
            case .failure(let error): return error.response
            }
            guard let value = values[id] else { return HTTPError.notFound.response }
            var response = HTTPResponse(status: 200, body: JSONWriter.encode(paging.page(of: value)))
            response.headers.add("Content-Type", "application/json; charset=utf-8")
            return response
        }
    }
}
