/// What `Site.render` produces for one client.
public enum RenderOutcome: Sendable {
    /// The page body and its fallback counts.
    case page(RenderedPage)
    /// A `"required": true` component (or the root) can't be rendered for this client even
    /// after fallbacks: serve the `upgrade` page (`X-Upgrade-Required: true`).
    case upgradeRequired
}

/// A rendered body: exactly one root `page` component, compact, deterministic.
public struct RenderedPage: Sendable {
    /// The response body (before any content coding).
    public var body: [UInt8]
    /// `X-Fallbacks`: original components replaced or dropped for this client (each once,
    /// whatever its chain; pruned fields and data-driven drops don't count).
    public var fallbacks: Int
    /// The same, by the original component's type (for `trellis_fallbacks_total{type}`).
    public var fallbackTypes: [String: Int]
    /// Actions replaced or dropped, by original action type (`trellis_action_fallbacks_total{type}`);
    /// not part of `fallbacks` (SPEC §7.4).
    public var actionFallbackTypes: [String: Int]
    /// Each fallback's path, types and reason, in document order; empty unless the render
    /// was asked to explain (`render --explain`, the preview).
    public var fallbackRecords: [FallbackRecord]

    public init(body: [UInt8], fallbacks: Int, fallbackTypes: [String: Int], actionFallbackTypes: [String: Int] = [:],
                fallbackRecords: [FallbackRecord] = []) {
        self.body = body
        self.fallbacks = fallbacks
        self.fallbackTypes = fallbackTypes
        self.actionFallbackTypes = actionFallbackTypes
        self.fallbackRecords = fallbackRecords
    }
}
