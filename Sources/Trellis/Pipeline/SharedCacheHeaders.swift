import SDUI

/// What a page or section answer tells the shared caches in front (SPEC §12), worked out once
/// per assembled answer (a cache miss) and written into its pre-encoded header blocks, so a hit
/// formats nothing: the `Vary` naming exactly the request headers that can shape the body, the
/// `X-Trellis-Plan` token of everything else that decided it, the `xkey` surrogate keys a purge
/// names, `X-Trellis-Edge` and the template's stale times.
struct SharedCacheHeaders: Sendable {
    /// `Vary`'s value.
    var vary: String
    /// `X-Trellis-Plan`: 32 hex digits; empty when unknown (an answer made in a unit test).
    var plan = ""
    /// `xkey`: `trellis-<pages version> page-<name>`; empty when unknown.
    var xkey = ""
    /// `X-Trellis-Edge`: the hash of the Pages version's `EdgeModel`; empty when unknown.
    var edge = ""
    /// `stale-while-revalidate` and `stale-if-error` of the template.
    var stale = StaleTimes()

    /// The headers with only the `Vary` every answer has.
    static let minimal = SharedCacheHeaders(vary: "Accept-Encoding, X-Client-Capabilities")

    /// The headers of an answer to `plan` rendered from `template`: the plan's own page
    /// (`routed`), or the `upgrade` or `not-found` page in its place, which read no variant,
    /// release or forwarded value. `edge` is the version's `X-Trellis-Edge`; `varyOrigin`: CORS is on.
    init(plan: PagePlan, template: String, routed: Bool, site: Site, edge: String, varyOrigin: Bool) {
        vary = Self.vary(page: plan.page, forwarded: plan.forwardedNames, site: site, origin: varyOrigin)
        self.plan = Self.token(plan, routed: routed, site: site)
        xkey = "trellis-\(site.version) page-\(routed ? plan.page : template)"
        self.edge = edge
        stale = site.staleTimes(of: template)
    }

    init(vary: String) {
        self.vary = vary
    }

    /// The request headers that can shape an answer of `page` (SPEC §12), each once.
    static func vary(page: String, forwarded: [String], site: Site, origin: Bool) -> String {
        var names = ["Accept-Encoding"]
        if site.clientRanges.versionShapesBodies { names.append("X-Client-Version") }
        names.append("X-Client-Capabilities")
        let rollout = site.rollout
        if rollout.experiments.contains(where: { $0.pages.contains(page) }) || rollout.canary(forPage: page) != nil {
            names += ["X-Device-Id", "X-AB-Variant", "X-Release"]
        }
        if site.localization != nil { names.append("Accept-Language") }
        if origin { names.append("Origin") }
        return HeaderNames.merged(names, forwarded).joined(separator: ", ")
    }

    /// `X-Trellis-Plan` of `plan`: the SHA-256 (first 16 bytes, hex) of the client class (its
    /// version range and what it renders), the locale, the variants, the release, the forwarded
    /// non-personal values and the Pages version, one a line. An upgrade or not-found page in
    /// the plan's place (`routed` false) reads no variant, release or forwarded value, and its
    /// token leaves them out: it is shared by every plan that ends in it.
    static func token(_ plan: PagePlan, routed: Bool, site: Site) -> String {
        var text = Array("pages \(site.version)\nclass \(site.clientRanges.names[plan.classRange]) \(plan.client)\n".utf8)
        text += "locale \(plan.locale ?? "-")\n".utf8
        if routed {
            text += "variants \(plan.variants.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))\n".utf8
            text += "release \(plan.release.rawValue)\n".utf8
            for (name, value) in plan.forwardedValues.sorted(by: { $0.key < $1.key }) {
                text += "forwarded \(name): ".utf8
                text += value
                text += "\n".utf8
            }
        }
        return String(SHA256.hex(SHA256.digest(text)).prefix(32))
    }

    /// The heap bytes of its strings.
    var heapBytes: Int { HeapBytes.of(vary) + HeapBytes.of(plan) + HeapBytes.of(xkey) + HeapBytes.of(edge) }
}
