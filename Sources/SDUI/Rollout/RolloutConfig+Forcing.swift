/// Forcing a variant on the command line (SPEC §13). A request's `X-AB-Variant` ignores names
/// rollout.json doesn't know (§3.1), but `render --variant home-hero=Q` is an author's typo:
/// rendering the default variant instead would look like the page and hide the mistake.
extension RolloutConfig {
    /// Why forcing `variant` of `experiment` names something rollout.json doesn't declare
    /// (`unknown variant Q of experiment home-hero (known: A, B)`); nil when both are known.
    public func unknownForcing(experiment: String, variant: String) -> String? {
        guard let found = experiments.first(where: { $0.name == experiment }) else {
            let known = experiments.isEmpty ? "rollout.json declares none" : "known: " + experiments.map(\.name).joined(separator: ", ")
            return "unknown experiment \(experiment) (\(known))"
        }
        guard found.variants.contains(where: { $0.name == variant }) else {
            return "unknown variant \(variant) of experiment \(experiment) (known: \(found.variants.map(\.name).joined(separator: ", ")))"
        }
        return nil
    }
}
