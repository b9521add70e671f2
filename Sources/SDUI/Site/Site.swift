/// One loaded, validated version of a Pages folder, compiled for requests that only look
/// things up: routes in a table, templates as node trees with pre-encoded literals, catalog
/// types by index, file-source values by key, and client classes memoized on first use.
/// Immutable (apart from that thread-safe memo) and shared by every request of the version.
public final class Site: Sendable {
    /// Content hash of every file (SHA-256, lowercase hex): the same folder gives the same
    /// version in every process. For logs, metrics and cache/ETag keys.
    public let version: String
    let catalog: Catalog
    let templates: [String: PageTemplate]
    let routes: RouteTable
    let sources: SourceTable
    let classes: ClientClassTable
    /// Experiments, canaries and minimum versions from rollout.json.
    public let rollout: RolloutConfig
    /// The locales (site.json, strings/); nil when the folder has none (SPEC §7.1).
    public let localization: Localization?
    /// `fragments/update-banner.json`, compiled, when it exists (SPEC §7.3).
    let updateBanner: UpdateBanner?
    /// What validation found that does not fail it (`strings/fr.json: missing "x" (falls back to en)`).
    public let warnings: [ValidationProblem]
    /// The templates' literal component ids, numbered (`TemplateCompiler.literalIDs`).
    let literalIDs: [String: Int]
    /// The actions the server performs (`actions/<name>.json`, SPEC §11), by name.
    let actions: [String: ServerAction]
    /// The client classes by version (SPEC §12): the ranges between the catalog's and rollout's
    /// boundaries, `softMinVersions` included.
    public let clientRanges: ClientRanges
    /// Per template, a hash of what its answers are made from (`ContentHash.fingerprints`): a
    /// reload that changes it changes what the template may serve.
    let fingerprints: [String: String]

    init(version: String, catalog: Catalog, templates: [String: PageTemplate], routes: RouteTable, sources: SourceTable,
         rollout: RolloutConfig, localization: Localization? = nil, updateBanner: UpdateBanner? = nil,
         warnings: [ValidationProblem] = [], literalIDs: [String: Int] = [:],
         actions: [String: ServerAction] = [:], fingerprints: [String: String] = [:]) {
        self.literalIDs = literalIDs
        self.actions = actions
        self.fingerprints = fingerprints
        clientRanges = ClientRanges { platform in
            Site.versionBoundaries(of: platform, catalog: catalog, rollout: rollout)
                + (rollout.softMinVersions[platform].map { [$0] } ?? [])
        }
        self.localization = localization
        self.updateBanner = updateBanner
        self.warnings = warnings
        self.rollout = rollout
        self.version = version
        self.catalog = catalog
        self.templates = templates
        self.routes = routes
        self.sources = sources
        self.classes = ClientClassTable(catalog: catalog)
    }

    /// The page and params for a request path (query string already removed); nil: JSON 404.
    /// Case-sensitive; literal segments beat `:param`s; param values must match
    /// `[A-Za-z0-9._~-]{1,128}`.
    public func match(path: String) -> RouteMatch? {
        routes.match(path)
    }

    /// What the `url` sources of a template take from the request (SPEC §6.2), worked out at
    /// load; nothing for an unknown template.
    public func forwarding(of template: String) -> Forwarding {
        templates[template]?.forwarding ?? .none
    }

    /// The header names `template`'s non-personal `url` sources forward (SPEC §6.2, §12): those
    /// its shared answers can depend on, whichever sections a request reads; none for an unknown
    /// template. For the edge (`trellis edge`), worked out on demand.
    public func sharedForwardedHeaders(of template: String) -> [String] {
        templates[template].map { Forwarding.sharedHeaders(entries: $0.data, sources: sources) } ?? []
    }

    /// The query parameters a template declares (SPEC §6.1); none for an unknown template.
    public func declaredQuery(of template: String) -> [String] {
        templates[template]?.query ?? []
    }

    /// The template's `maxAge` in seconds; 0 when absent or for an unknown template.
    public func maxAge(of template: String) -> Int {
        templates[template]?.maxAge ?? 0
    }

    /// The template's `staleWhileRevalidate` and `staleIfError` (SPEC §12); none for an unknown template.
    public func staleTimes(of template: String) -> StaleTimes {
        templates[template]?.stale ?? StaleTimes()
    }

    /// The class of a client: all clients that get the same bytes share one. Memoized.
    public func clientClass(for client: ClientDescriptor) -> ClientClass {
        classes.clientClass(for: client)
    }

    /// The value of a file source for `key`, or nil (unknown source or key).
    public func fileValue(source: String, key: String) -> JSONValue? {
        sources.fileValues[source]?[key]
    }
}
