import SDUI

/// What a shared cache in front must know of a Pages version to compute a request's plan the
/// way the server does (SPEC §12), and nothing else: the client classes by version, the
/// locales, the experiments and canaries, the routed pages (which are personal, which are in an
/// experiment, which headers their shared answers forward) and the capability names. The VCL
/// (`VarnishVCL`) is made from it alone, and its hash is `X-Trellis-Edge`: a content edit leaves
/// it unchanged, a new boundary or forwarded header changes it.
struct EdgeModel: Sendable {
    /// One routed page.
    struct Page: Sendable {
        let name: String
        /// The route as written (`/product/:id`).
        let route: String
        /// It or its canary binds a personal source even for an app served its `"defer": true`
        /// sections as placeholders: the edge never caches it. A page personal only for apps
        /// that get those sections inline is named like any other: for their classes the origin
        /// answers `private`, which Varnish never stores (its built-in hit-for-miss), or
        /// `public` where those apps can never show the sections (`Site.absentSections`).
        let personal: Bool
        /// The headers its templates' (and its canary's) non-personal sources forward (first
        /// spelling): a shared answer of it can depend on their raw values (SPEC §6.2).
        let forwarded: [String]
    }

    /// Per platform, the starts of its version ranges (`ClientRanges.starts`).
    let ranges: [(platform: Platform, starts: [SemanticVersion])]
    /// Whether `X-Client-Version` is in `Vary` (some platform has a boundary).
    let versionShapesBodies: Bool
    /// The default locale and every locale's tag, as the strings files spell them; nil: no locales.
    let locales: (default: String, tags: [String])?
    let experiments: [RolloutConfig.Experiment]
    let canaries: [RolloutConfig.Canary]
    let pages: [Page]
    /// The catalog's component and action type names, sorted.
    let capabilities: [String]

    init(site: Site) {
        ranges = zip(Platform.allCases, site.clientRanges.starts).map { ($0, $1) }
        versionShapesBodies = site.clientRanges.versionShapesBodies
        locales = site.localization.map { ($0.defaultLocale, $0.tags) }
        experiments = site.rollout.experiments
        canaries = site.rollout.canaries
        pages = site.routedPages.map { page, route in
            let templates = [page] + (site.rollout.canary(forPage: page).map { [$0.template] } ?? [])
            let forwarded = HeaderNames.merged([], templates.flatMap(site.sharedForwardedHeaders))
            return Page(name: page, route: route, personal: templates.contains { template in
                let deferred = site.sections(of: template).filter { $0.deferral == .always }.map(\.name)
                return site.forwarding(of: template, unread: Set(deferred)).personal
            }, forwarded: forwarded)
        }
        capabilities = site.capabilityNames
    }

    /// The model as canonical text, one fact a line, in a fixed order: what `hash` digests.
    var canonicalText: String {
        var lines = ["trellis-edge 1", "version-vary \(versionShapesBodies)"]
        for (platform, starts) in ranges { lines.append("ranges \(platform.rawValue) " + starts.map(\.description).joined(separator: " ")) }
        if let locales { lines.append("locales \(locales.default) " + locales.tags.joined(separator: " ")) }
        for experiment in experiments {
            lines.append("experiment \(experiment.name) salt=\(experiment.salt) pages=\(experiment.pages.joined(separator: ",")) "
                + experiment.variants.map { "\($0.name)=\($0.weight)" }.joined(separator: " "))
        }
        for canary in canaries { lines.append("canary \(canary.page) \(canary.basisPoints) salt=\(canary.salt)") }
        // `forwarded=` only when some are: a folder forwarding none keeps the hash it had before.
        for page in pages {
            lines.append("page \(page.name) \(page.route) personal=\(page.personal)"
                + (page.forwarded.isEmpty ? "" : " forwarded=" + page.forwarded.joined(separator: ",")))
        }
        lines.append("capabilities " + capabilities.joined(separator: ","))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `X-Trellis-Edge`: the first 16 bytes of the SHA-256 of `canonicalText`, as hex.
    var hash: String { String(SHA256.hex(SHA256.digest(Array(canonicalText.utf8))).prefix(32)) }
}
