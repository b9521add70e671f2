import Foundation
import HTTPServer
import SDUI

/// The values of one `url` source held in memory and answered at once, without a socket:
/// what `trellis bench` gives the product page's `recommendations`, so that the uncached page
/// it measures is the one a deployment with a reachable upstream serves (related products
/// present, the page cacheable). Any other source has no value.
struct InProcessUpstream: UpstreamFetching {
    /// The source answered.
    let source: String
    /// Its values by key.
    let values: JSONObject

    /// The values of `source` from the JSON object file at `path` (values by key, as
    /// `trellis upstream --data` takes them); nil when it is not readable as one.
    init?(source: String, file path: String) {
        guard let values = SampleUpstream.values(file: path) else { return nil }
        self.source = source
        self.values = values
    }

    /// A key of `source` is always answered fresh, so an `"auto"` section binding it is inline,
    /// as with a reachable upstream whose value is cached (SPEC §10.1).
    func freshnessToken(_ request: DataRequest, headers: HTTPHeaders) -> String? {
        request.source == source && values[request.key] != nil ? request.key : nil
    }

    func isFresh(_ token: String) -> Bool {
        values[token] != nil
    }

    /// Answers every request synchronously: a fresh value for a key of `source`, else none.
    func fetchAll(_ requests: [DataRequest], context: PageRequestContext,
                  completion: @escaping @Sendable ([UpstreamValue?]) -> Void) {
        completion(requests.map { request in request.source == source ? values[request.key].map(UpstreamValue.fresh) : nil })
    }
}
