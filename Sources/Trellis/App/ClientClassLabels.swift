import HTTPServer
import SDUI

/// The `platform` and `class` label values of `trellis_requests_total` (SPEC §13) for one Pages
/// version: a client's class (SPEC §12, `ClientRanges`) named by its platform and the lowest
/// version of its range, e.g. `["ios", "ios/5.1.0"]`; a request without a valid version is
/// `none`/`none`. So the names are a small set per Pages version.
///
/// Every label pair is made once here, so counting a request looks one up and builds nothing.
struct ClientClassLabels: Sendable {
    /// The labels of a request without a (valid) `X-Client-Version`.
    static let none = ["none", "none"]

    private let ranges: ClientRanges
    /// The label pair of each class, by its index in `ranges.names`.
    private let labels: [[String]]

    /// The labels of `site`'s client classes.
    init(site: Site) {
        ranges = site.clientRanges
        labels = ranges.names.map { name in
            name == "none" ? Self.none : [String(name.prefix { $0 != "/" }), name]
        }
    }

    /// The labels of the client that sent `headers`.
    func labels(for headers: HTTPHeaders) -> [String] {
        labels(for: headers.combinedValue("X-Client-Version"))
    }

    /// The labels of a client whose `X-Client-Version` (its fields joined) is `header`.
    func labels(for header: String?) -> [String] {
        labels(for: header.flatMap(ClientVersion.init(header:)))
    }

    /// The labels of `client` (`none` for no version).
    func labels(for client: ClientVersion?) -> [String] {
        labels[ranges.index(of: client)]
    }
}
