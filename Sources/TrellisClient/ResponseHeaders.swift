import Foundation

/// The headers of an answer that an app acts on (SPEC §4.2, §7.1, §7.3, §10.1, §12): whether to
/// send the user to the store, which experiment variant and release it saw, the language of
/// the text, which section it is, and the plan a shared cache keyed it by.
public struct ResponseHeaders: Sendable, Equatable {
    /// `X-Upgrade-Required: true`: this is the upgrade page; the app must be updated.
    public var upgradeRequired: Bool
    /// `X-Upgrade-Suggested: true`: the app works but a newer version is recommended.
    public var upgradeSuggested: Bool
    /// `X-AB-Variant`: the variants applied, `name=variant` comma-separated.
    public var abVariant: String?
    /// `X-Release`: `stable` or `canary`.
    public var release: String?
    /// `Content-Language`: the locale the text was written in.
    public var contentLanguage: String?
    /// `X-Section`: the section this answer is, when fetched alone.
    public var section: String?
    /// `X-Trellis-Plan`: the token of everything but the route that decided the body.
    public var plan: String?
    /// `ETag`.
    public var etag: String?
    /// `X-Fallbacks`: components replaced or dropped for this app (0 when absent).
    public var fallbacks: Int

    /// The headers as `header` (a case-insensitive lookup) gives them.
    public init(header: (String) -> String?) {
        upgradeRequired = header("X-Upgrade-Required") == "true"
        upgradeSuggested = header("X-Upgrade-Suggested") == "true"
        abVariant = header("X-AB-Variant")
        release = header("X-Release")
        contentLanguage = header("Content-Language")
        section = header("X-Section")
        plan = header("X-Trellis-Plan")
        etag = header("ETag")
        fallbacks = header("X-Fallbacks").flatMap { Int($0) } ?? 0
    }

    /// The experiment variants applied, by experiment name (`home-hero=B` → `["home-hero": "B"]`).
    public var variants: [String: String] {
        var variants: [String: String] = [:]
        for assignment in (abVariant ?? "").split(separator: ",") {
            let pair = assignment.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            variants[pair[0].trimmingCharacters(in: .whitespaces)] = pair[1].trimmingCharacters(in: .whitespaces)
        }
        return variants
    }
}
