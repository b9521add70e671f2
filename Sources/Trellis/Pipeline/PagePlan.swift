import HTTPServer
import SDUI

/// The decisions taken for a page request before any data is fetched (SPEC §4.1 order):
/// which template, for which client class, with which variants and release. Together with
/// the Pages generation it is the response-cache key: it names everything that decides the
/// bytes of a page whose data come from the Pages folder.
struct PagePlan: Sendable, Hashable {
    /// What a request asks of its page.
    enum Kind: Sendable, Hashable {
        /// The whole page.
        case page
        /// One section alone (SPEC §10.1, `?_section=<name>`), or a page of its list from item
        /// `after` on (§10.2): decided like its page, answered with one part of it.
        /// Indirect: a `.page` plan, the cached hit's, copies and compares no payload.
        indirect case section(String, after: Int?)

        /// The section's name, nil for the whole page.
        var section: String? {
            if case .section(let name, _) = self { name } else { nil }
        }
    }

    /// What the request asks for.
    var kind = Kind.page
    /// The routed page (`home`, `product`): the metrics and access-log label.
    var page: String
    /// The template to render: the page, its canary, or `upgrade` for a client below `minVersions`.
    var template: String
    var params: [String: String]
    /// The query parameters the template declares and the request sent (SPEC §6.1):
    /// undeclared ones never reach the plan, so they never split the cache.
    var query: [String: String] = [:]
    var client: ClientClass
    /// The client's class by version (SPEC §12, the index in `Site.clientRanges.names`): two
    /// versions of one `client` signature in different ranges are different classes, named
    /// apart in `X-Trellis-Plan`.
    var classRange: Int
    /// Variant per experiment, for `$variant`.
    var variants: [String: String]
    /// The response's `X-AB-Variant`, nil when the page is in no experiment.
    var variantsHeader: String?
    var release: Release
    /// True when the client is below `minVersions`: the plan serves the upgrade page.
    var belowMinimumVersion: Bool
    /// The page as served binds a personal source (SPEC §6.2; not one only its deferred
    /// sections and those absent for its client bind, `forward`): the answer is this user's
    /// alone, never stored in nor served from the shared response cache.
    var personal = false
    /// Header names the template's sources forward: the response varies with them.
    var forwardedNames: [String] = []
    /// For a page that is not personal, the forwarded headers' values (lowercased name →
    /// the bytes of the client's comma-joined value): part of the cache key, as the upstream's
    /// answer depends on them.
    var forwardedValues: [String: [UInt8]] = [:]
    /// The locale negotiated from `Accept-Language` (SPEC §7.1), nil when the site has none.
    var locale: String?
    /// Below `softMinVersions` (SPEC §7.3): the page carries the update banner.
    var upgradeSuggested = false
    /// The sections the page serves as their placeholder (SPEC §10.1); nil for a page that
    /// defers none (a page without sections, a client that can't `load`, a section request).
    var deferred: DeferredSections?
    /// The sections a page request reads none of: its deferred ones and those absent for its
    /// client (SPEC §10.1, `Site.unreadSections`), worked out once when it is decided and read
    /// by the data step and by an action's invalidation; empty for a section request. Follows
    /// from the template, the client and `deferred`: not part of the plan's identity.
    var unread: Set<String> = []
    /// The upstream values (`UpstreamFetching.freshnessToken`) whose freshness kept the page's
    /// `"auto"` sections inline: what the decision must stand on to be taken again (the
    /// `DecisionMemo` asks). Not part of the plan's identity: equal plans may differ here.
    var freshness: [String] = []

    /// Hashes what tells plans apart and leaves out what follows from it (`page`,
    /// `variantsHeader`, `forwardedNames` and `release` follow from the route, the template and
    /// the variants; `deferred` from the template and the client, but for an auto section, whose
    /// page is never kept): equal plans still hash equal, and a cache look-up hashes fewer
    /// strings. A page request's kind adds nothing: only a section request's is hashed.
    /// Everything a client chooses (params, query, forwarded values, locale, class) is hashed,
    /// so no client can make many keys collide.
    func hash(into hasher: inout Hasher) {
        hasher.combine(template)
        if case .section = kind { hasher.combine(kind) }
        hasher.combine(client)
        hasher.combine(locale)
        // Mostly empty: an empty table adds nothing (its count would be all it hashes).
        if !params.isEmpty { hasher.combine(params) }
        if !query.isEmpty { hasher.combine(query) }
        if !variants.isEmpty { hasher.combine(variants) }
        if !forwardedValues.isEmpty { hasher.combine(forwardedValues) }
        hasher.combine(UInt32(classRange) << 3 | (belowMinimumVersion ? 1 : 0) | (personal ? 2 : 0) | (upgradeSuggested ? 4 : 0))
    }

    /// Plans are equal when every field is, and the query's values byte for byte: `String`'s
    /// `==` equates canonically equivalent text (`Å` as U+212B and as U+00C5), which a backend
    /// given the key may well tell apart, so two such requests share no cache entry or call.
    /// Always inlined into the cache's look-up: out of line it cost a cached hit ~30 instructions.
    @inline(__always) static func == (a: PagePlan, b: PagePlan) -> Bool {
        a.kind == b.kind && a.template == b.template && a.client == b.client && a.classRange == b.classRange && a.locale == b.locale && a.params == b.params
            && a.variants == b.variants && a.forwardedValues == b.forwardedValues
            && a.belowMinimumVersion == b.belowMinimumVersion && a.personal == b.personal
            && a.upgradeSuggested == b.upgradeSuggested && a.page == b.page && a.variantsHeader == b.variantsHeader
            && a.release == b.release && a.forwardedNames == b.forwardedNames && sameBytes(a.query, b.query)
            && a.deferred == b.deferred
    }

    /// Whether two tables hold the same names with the same values, compared as UTF-8 bytes.
    private static func sameBytes(_ a: [String: String], _ b: [String: String]) -> Bool {
        a.count == b.count && a.allSatisfy { name, value in b[name].map { $0.utf8.elementsEqual(value.utf8) } ?? false }
    }

}

extension PagePlan {
    /// Takes the decisions for `request`, routed to `match`, with one Pages version (SPEC §4.1
    /// order): the client's headers (a malformed one is the JSON 400), the minimum version, the
    /// rollout, the locale (`answers`: the version's negotiated locales), what the template's
    /// sources forward, then the declared query parameters. Every field is worked out first and
    /// the plan made in one memberwise call, so it is written straight into its caller's place.
    init(site: Site, match: RouteMatch, kind: Kind = .page, request: HTTPRequest, answers: LocaleAnswers) throws(HTTPError) {
        let query = try PageQuery.parse(request.headers).get()
        let rollout = site.rollout
        let template: String, params: [String: String], variants: [String: String], variantsHeader: String?
        let release: Release, upgradeSuggested: Bool
        let belowMinimumVersion = !rollout.minVersionSatisfied(query.clientVersion)
        if belowMinimumVersion {
            (template, params, variants, variantsHeader, release, upgradeSuggested) = ("upgrade", [:], [:], nil, .stable, false)
        } else {
            let assignment = rollout.assign(page: match.page, request: query.rollout)
            (template, params, variantsHeader, release) = (assignment.template, match.params, assignment.headerValue, assignment.release)
            variants = Dictionary(uniqueKeysWithValues: assignment.variants.map { ($0.experiment, $0.variant) })
            upgradeSuggested = rollout.upgradeSuggested(query.clientVersion)
        }
        let locale = LocaleNegotiation.negotiate(request.headers, localization: site.localization, answers: answers)
        let forwarding: Forwarding = switch kind {
        case .page: site.forwarding(of: template)
        // The routed page's own section is known from routing; a canary template's is looked up.
        case .section(let name, _):
            match.page == template ? match.section(named: name)?.forwarding ?? site.forwarding(of: template) : site.forwarding(of: template, section: name)
        }
        if let twice = ForwardedHeaders.repeatedCredential(among: forwarding.headers, in: request.headers) {
            throw .badRequest("\(twice) is sent more than once; a credential is one field")
        }
        let declared = try request.query.map { query throws(HTTPError) in
            try QueryParameters.parse(query, declared: site.declaredQuery(of: template)).get()
        }
        self.init(kind: kind, page: match.page, template: template, params: params, query: declared ?? [:],
                  client: site.clientClass(for: query.client), classRange: site.clientRanges.index(of: query.clientVersion),
                  variants: variants, variantsHeader: variantsHeader,
                  release: release, belowMinimumVersion: belowMinimumVersion, personal: forwarding.personal,
                  forwardedNames: forwarding.headers,
                  forwardedValues: forwarding.personal ? [:] : Self.forwardedValues(forwarding.headers, of: request.headers),
                  locale: locale, upgradeSuggested: upgradeSuggested)
    }

    /// The values of the forwarded header `names` in `headers` (lowercased name → the bytes of
    /// the client's comma-joined value), for a page that is not personal: part of its cache
    /// key, as the upstream's answer depends on them.
    static func forwardedValues(_ names: [String], of headers: HTTPHeaders) -> [String: [UInt8]] {
        var values: [String: [UInt8]] = [:]
        for name in names {
            if let value = ForwardedHeaders.value(name, of: headers) { values[name.lowercased()] = value }
        }
        return values
    }
}

/// The sections a page serves as their placeholder (SPEC §10.1). A class: a plan that defers
/// none holds nil, which costs a cached hit nothing to copy or compare.
final class DeferredSections: Sendable, Hashable {
    let names: Set<String>
    /// One of them is an `"auto"` section deferred for want of a fresh upstream value: the page
    /// is not kept in the response cache.
    let forFreshness: Bool

    init(names: Set<String>, forFreshness: Bool) {
        self.names = names
        self.forFreshness = forFreshness
    }

    static func == (a: DeferredSections, b: DeferredSections) -> Bool { a.names == b.names && a.forFreshness == b.forFreshness }
    func hash(into hasher: inout Hasher) { hasher.combine(names) }
}
