/// The rollout of a Pages folder, from rollout.json (SPEC §3): minimum client versions,
/// A/B experiments and canary releases. A missing rollout.json is the empty config.
public struct RolloutConfig: Sendable, Equatable {
    /// The largest variant weight accepted, so that integer bucketing cannot overflow.
    public static let maxWeight = 1_000_000

    /// The lowest version served a page, per platform; older clients get the `upgrade` page.
    public var minVersions: [Platform: SemanticVersion]
    /// Below this version per platform (and at or above `minVersions`), pages carry the
    /// `update-banner` fragment and `X-Upgrade-Suggested: true` (SPEC §7.3).
    public var softMinVersions: [Platform: SemanticVersion] = [:]
    /// The A/B experiments, in rollout.json order (the order of the `X-AB-Variant` header).
    public var experiments: [Experiment]
    /// The canary releases, at most one per page.
    public var canaries: [Canary]

    public init(minVersions: [Platform: SemanticVersion] = [:], experiments: [Experiment] = [], canaries: [Canary] = []) {
        self.minVersions = minVersions
        self.experiments = experiments
        self.canaries = canaries
    }

    /// Whether `client` may be served pages rather than the `upgrade` page.
    ///
    /// A request without `X-Client-Version` (nil) is an unknown client: it is satisfied, and
    /// gets baseline components instead. A platform with no entry in `minVersions` is
    /// satisfied too. Pre-releases sort before their release (`4.0.0-beta` < `4.0.0`).
    public func minVersionSatisfied(_ client: ClientVersion?) -> Bool {
        guard let client, let minimum = minVersions[client.platform] else { return true }
        return client.version >= minimum
    }

    /// Whether `client` is served pages but nudged to update: below `softMinVersions` for
    /// its platform. An unknown client (nil) never is.
    public func upgradeSuggested(_ client: ClientVersion?) -> Bool {
        guard let client, let soft = softMinVersions[client.platform] else { return false }
        return client.version < soft && minVersionSatisfied(client)
    }

    /// The experiment named `name`, if any.
    public func experiment(named name: String) -> Experiment? {
        experiments.first { $0.name == name }
    }

    /// The canary of `page`, if any (the first one, should validation have let two through).
    public func canary(forPage page: String) -> Canary? {
        canaries.first { $0.page == page }
    }
}
