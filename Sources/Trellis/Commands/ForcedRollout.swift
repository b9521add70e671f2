import SDUI

/// What `render --variant` and `--release` force (SPEC §13), as the request headers that force
/// it. Unlike a request, which ignores names rollout.json doesn't know (§3.1), `render` refuses
/// them (exit 2, naming the flag's value): an author who mistypes a variant should not be shown
/// the default one as if it were what they asked for.
public struct ForcedRollout: Sendable {
    /// Each `--variant`: `experiment=variant`.
    public var variants: [String]
    /// `--release`: `stable` or `canary`.
    public var release: String?

    public init(variants: [String] = [], release: String? = nil) {
        self.variants = variants
        self.release = release
    }

    /// `X-AB-Variant` and `X-Release`, for the flags given.
    var headers: [(String, String)] {
        var headers: [(String, String)] = []
        if !variants.isEmpty { headers.append(("X-AB-Variant", variants.joined(separator: ", "))) }
        if let release { headers.append(("X-Release", release)) }
        return headers
    }

    /// The first flag value `rollout` doesn't know, as a message naming it; nil when every one
    /// names a declared experiment and variant, and the release is `stable` or `canary`.
    func problem(in rollout: RolloutConfig) -> String? {
        if let release, Release(rawValue: release) == nil {
            return "--release takes stable or canary, not \"\(release)\""
        }
        for value in variants {
            let forced = RolloutRequest.forcedVariants(header: value)
            guard forced.count == 1, let (experiment, named) = forced.first, let variant = named.first, named.count == 1,
                  !value.contains(",") else {
                return "--variant takes experiment=variant, not \"\(value)\""
            }
            if let problem = rollout.unknownForcing(experiment: experiment, variant: variant) { return problem }
        }
        return nil
    }
}
