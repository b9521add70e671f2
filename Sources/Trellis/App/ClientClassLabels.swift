import HTTPServer
import SDUI

/// The `platform` and `class` label values of `trellis_requests_total` (SPEC §13) for one Pages
/// version: a client's class (SPEC §12) named by its platform and the lowest version of its
/// range, e.g. `["ios", "ios/5.1.0"]`.
///
/// A platform's ranges start at its boundaries, the versions where what a client receives can
/// change: the catalog's `since`, `disabled` and field `since`, and rollout's `minVersions` and
/// `softMinVersions` (what `ClientSweep` renders for `diff`, plus the soft minimum that adds the
/// update banner). A version is named by the greatest boundary at or below it, or
/// `<platform>/0.0.0` below them all; a request without a valid version is `none`/`none`. So
/// the names are a small set per Pages version (boundaries plus one per platform, plus `none`).
///
/// Every label pair is made once here, so counting a request looks one up and builds nothing.
struct ClientClassLabels: Sendable {
    /// The labels of a request without a (valid) `X-Client-Version`.
    static let none = ["none", "none"]

    /// Per platform (in `Platform.allCases` order): its boundaries, ascending, each with its
    /// labels, the first being `0.0.0`.
    private let ranges: [[(start: SemanticVersion, labels: [String])]]

    /// The labels of `site`'s client classes.
    init(site: Site) {
        ranges = Platform.allCases.map { platform in
            var starts = Set(site.versionBoundaries(of: platform))
            if let soft = site.rollout.softMinVersions[platform] { starts.insert(soft) }
            starts.insert(SemanticVersion(major: 0, minor: 0, patch: 0))
            return starts.sorted().map { ($0, [platform.rawValue, "\(platform.rawValue)/\($0)"]) }
        }
    }

    /// The labels of the client that sent `headers`.
    func labels(for headers: HTTPHeaders) -> [String] {
        labels(for: headers.combinedValue("X-Client-Version").flatMap(ClientVersion.init(header:)))
    }

    /// The labels of `client` (`none` for no version).
    func labels(for client: ClientVersion?) -> [String] {
        guard let client, let platform = Platform.allCases.firstIndex(of: client.platform) else { return Self.none }
        let classes = ranges[platform]
        // Classes are few (a dozen per platform): a scan from the top beats a binary search's branches.
        let index = classes.lastIndex { $0.start <= client.version } ?? 0
        return classes[index].labels
    }
}
