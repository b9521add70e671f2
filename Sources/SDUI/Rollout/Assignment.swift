/// What rollout decided for one page request: which template to serve, which release that
/// is, and which variant of every experiment on the page.
public struct Assignment: Sendable, Equatable {
    /// The template to assemble: the page itself, or its canary's template.
    public var template: String
    /// `canary` when `template` is the page's canary template, else `stable`.
    public var release: Release
    /// The variant of each experiment whose `pages` include the page, in rollout.json order.
    public var variants: [(experiment: String, variant: String)]

    public init(template: String, release: Release = .stable, variants: [(experiment: String, variant: String)] = []) {
        self.template = template
        self.release = release
        self.variants = variants
    }

    /// The response's `X-AB-Variant` value, `home-hero=A, checkout=B`; nil when the page is in
    /// no experiment (and the header is not sent).
    public var headerValue: String? {
        variants.isEmpty ? nil : variants.map { "\($0.experiment)=\($0.variant)" }.joined(separator: ", ")
    }

    /// The variant assigned for `experiment`, or nil when the page is not in it (a template's
    /// `$variant` then falls to the experiment's first variant).
    public func variant(for experiment: String) -> String? {
        variants.first { $0.experiment == experiment }?.variant
    }

    public static func == (a: Assignment, b: Assignment) -> Bool {
        a.template == b.template && a.release == b.release
            && a.variants.elementsEqual(b.variants) { $0.experiment == $1.experiment && $0.variant == $1.variant }
    }
}
