import HTTPServer
import SDUI

/// Every route for every client class that tells one or more Pages versions apart (SPEC §8.4):
/// each platform at every `since`, `disabled` and `minVersions` boundary and just below it,
/// no version, and every variant and release of the page; and each of the page's sections
/// fetched alone (`<path>?_section=<name>`, SPEC §10.1), since a client that loads a deferred
/// section sees it only that way. What `diff` and `validate --max-bytes` render, through the
/// one `PagePipeline`.
struct ClientSweep {
    /// One request of the sweep.
    struct Sample: Sendable {
        let page: String
        let path: String
        /// The section asked for alone (`path` ends `_section=<name>`); nil for the whole page.
        let section: String?
        /// `ios/5.0.0` or `no version`.
        let client: String
        /// `home-hero=B canary`, or `stable` for a page in no experiment.
        let rollout: String
        let headers: [(String, String)]

        /// The request it sends.
        var request: HTTPRequest { HTTPRequest(method: "GET", target: path, headers: HTTPHeaders(headers)) }
    }

    /// Routed pages with no sample path (a parameter keys no file source and no `--sample`
    /// names the route).
    private(set) var unsampled: [String] = []
    private(set) var samples: [Sample] = []

    /// The sweep over `sites` (one for a budget check; old and new for a diff). `overrides`
    /// are paths (`/product/3`) used instead of a route's own sample.
    init(sites: [Site], overrides: [String] = []) {
        let clients = Self.clients(sites)
        var pages: [(page: String, route: String)] = []
        for site in sites {
            for routed in site.routedPages where !pages.contains(where: { $0.page == routed.page }) { pages.append(routed) }
        }
        for (page, _) in pages.sorted(by: { $0.route < $1.route }) {
            let override = overrides.first { path in sites.contains { $0.match(path: path)?.page == page } }
            guard let path = override ?? sites.lazy.compactMap({ $0.samplePath(of: page) }).first else {
                unsampled.append(page)
                continue
            }
            for (path, section) in [(path, nil)] + Self.sectionPaths(of: page, at: path, sites) {
                for client in clients {
                    for rollout in Self.rollouts(of: page, sites) {
                        samples.append(Sample(page: page, path: path, section: section, client: client.label,
                                              rollout: rollout.label, headers: client.headers + rollout.headers))
                    }
                }
            }
        }
    }

    /// `path` asking for each section the page has in any of `sites` alone, with its name, in
    /// the order the sites name them.
    private static func sectionPaths(of page: String, at path: String, _ sites: [Site]) -> [(String, String?)] {
        var names: [String] = []
        for site in sites {
            for section in site.sections(of: page) where !names.contains(section.name) { names.append(section.name) }
        }
        let separator = path.contains("?") ? "&" : "?"
        return names.map { (path + separator + "_section=" + $0, $0) }
    }

    /// No version, then per platform the versions at and just below each boundary, one per
    /// combination of client classes (and minimum-version status) across `sites`.
    private static func clients(_ sites: [Site]) -> [(label: String, headers: [(String, String)])] {
        var result: [(label: String, headers: [(String, String)])] = [("no version", [])]
        for platform in Platform.allCases {
            var boundaries = Set<SemanticVersion>()
            for site in sites { boundaries.formUnion(site.versionBoundaries(of: platform)) }
            var candidates = Set<SemanticVersion>()
            for boundary in boundaries {
                candidates.insert(boundary)
                if let below = boundary.justBelow { candidates.insert(below) }
            }
            if candidates.isEmpty { candidates.insert(SemanticVersion(major: 1, minor: 0, patch: 0)) }
            var seen = Set<[ClassKey]>()
            for version in candidates.sorted() {
                let client = ClientVersion(platform: platform, version: version)
                let key = sites.map { ClassKey(clientClass: $0.clientClass(for: .version(client)),
                                               upgrade: !$0.rollout.minVersionSatisfied(client)) }
                if seen.insert(key).inserted { result.append((client.description, [("X-Client-Version", client.description)])) }
            }
        }
        return result
    }

    private struct ClassKey: Hashable {
        let clientClass: ClientClass
        let upgrade: Bool
    }

    /// Every combination of the page's experiments' variants, with the stable release and,
    /// when the page has a canary, the canary one.
    private static func rollouts(of page: String, _ sites: [Site]) -> [(label: String, headers: [(String, String)])] {
        var experiments: [(name: String, variants: [String])] = []
        for site in sites {
            for experiment in site.rollout.experiments where experiment.pages.contains(page) {
                let names = experiment.variants.map(\.name)
                if let index = experiments.firstIndex(where: { $0.name == experiment.name }) {
                    experiments[index].variants += names.filter { !experiments[index].variants.contains($0) }
                } else {
                    experiments.append((experiment.name, names))
                }
            }
        }
        var combinations: [[String]] = [[]]
        for experiment in experiments {
            combinations = combinations.flatMap { prefix in experiment.variants.map { prefix + ["\(experiment.name)=\($0)"] } }
        }
        let releases = sites.contains { $0.rollout.canary(forPage: page) != nil } ? ["stable", "canary"] : ["stable"]
        return combinations.flatMap { variants in
            releases.map { release in
                var headers = [("X-Release", release)]
                if !variants.isEmpty { headers.append(("X-AB-Variant", variants.joined(separator: ", "))) }
                return ((variants + [release]).joined(separator: " "), headers)
            }
        }
    }
}

extension SemanticVersion {
    /// A version below this one with no other release between them at its precision: the
    /// previous patch, else the previous minor's `.99`, else the previous major's `.99.99`;
    /// nil for `0.0.0`. (A pre-release's is the one below its release.)
    var justBelow: SemanticVersion? {
        if patch > 0 { return SemanticVersion(major: major, minor: minor, patch: patch - 1) }
        if minor > 0 { return SemanticVersion(major: major, minor: minor - 1, patch: 99) }
        if major > 0 { return SemanticVersion(major: major - 1, minor: 99, patch: 99) }
        return nil
    }
}
