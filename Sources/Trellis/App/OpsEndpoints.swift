import HTTPServer

/// `/healthz` (alive), `/readyz` (pages loaded and not draining) and `/metrics` (Prometheus
/// text). Like pages they answer GET and HEAD only (405 with `Allow: GET, HEAD` otherwise).
/// With `--metrics-port`, `/metrics` is served on that port only (`servesMetrics` false on the
/// public one, where it is then an unknown route); `/healthz` and `/readyz` answer on both.
struct OpsEndpoints {
    let app: TrellisApplication
    /// Whether `/metrics` is one of the endpoints here.
    let servesMetrics: Bool

    /// The ops paths.
    private enum Path: String, CaseIterable {
        case healthz = "/healthz", readyz = "/readyz", metrics = "/metrics"

        /// The lengths of the paths, from the shortest to the longest: every request asks whether
        /// its path is one, and a path of another length is told it is not without a comparison.
        static let lengths = allCases.map(\.rawValue.utf8.count).min()!...allCases.map(\.rawValue.utf8.count).max()!
    }

    /// The answer for an ops path, or nil when `request` is not for one.
    func response(for request: HTTPRequest) -> HTTPResponse? {
        guard Path.lengths.contains(request.path.utf8.count), let path = Path(rawValue: request.path) else { return nil }
        let body: () -> HTTPResponse
        switch path {
        case .healthz:
            body = { json(200, #"{"status":"ok"}"#) }
        case .readyz:
            body = { app.isDraining ? HTTPError.draining.response : json(200, #"{"status":"ready"}"#) }
        case .metrics where servesMetrics:
            body = {
                var response = HTTPResponse(status: 200, body: Array(app.metrics.registry.render().utf8))
                response.headers.add("Content-Type", MetricsRegistry.contentType)
                response.headers.add("Cache-Control", "no-store")
                return response
            }
        default:
            return nil
        }
        guard request.method == "GET" || request.method == "HEAD" else { return HTTPError.methodNotAllowed.response }
        return body()
    }

    private func json(_ status: Int, _ text: String) -> HTTPResponse {
        var response = HTTPResponse(status: status, body: Array(text.utf8))
        response.headers.add("Content-Type", "application/json; charset=utf-8")
        response.headers.add("Cache-Control", "no-store")
        return response
    }
}
