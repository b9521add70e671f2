/// Why a client can't render a component (its type, or a required action field), as `render --explain` and the preview say it
/// (SPEC §8.2): `ios/4.9.0 < since 5.0.0`.
public enum FallbackReason: Sendable, Hashable, CustomStringConvertible {
    /// No `X-Client-Version` and no capabilities: only baseline types.
    case noVersion
    /// The client's version is below the type's `since` for its platform.
    case belowSince(ClientVersion, since: SemanticVersion)
    /// The type's `since` names no version for the client's platform.
    case notOnPlatform(ClientVersion)
    /// `X-Client-Capabilities` does not name the type.
    case notInCapabilities
    /// The catalog disables the type for the client's version (the kill switch, SPEC §7.2).
    case disabled(ClientVersion)
    /// A required action field holds no action the client performs (SPEC §14).
    case noPerformableAction(field: String)

    /// Why `client` can't render `type` (called only for a type it can't render).
    init(type: ComponentType, client: ClientDescriptor) {
        if let version = client.clientVersion, type.disabled?.excludes(version) == true {
            self = .disabled(version)
            return
        }
        switch client {
        case .unknown:
            self = .noVersion
        case .capabilities:
            self = .notInCapabilities
        case .version(let version):
            if let since = type.since?.versions[version.platform] {
                self = .belowSince(version, since: since)
            } else {
                self = .notOnPlatform(version)
            }
        }
    }

    public var description: String {
        switch self {
        case .noVersion: "no client version"
        case .belowSince(let client, let since): "\(client) < since \(since)"
        case .notOnPlatform(let client): "\(client): no since for \(client.platform.rawValue)"
        case .notInCapabilities: "not in capabilities"
        case .disabled(let client): "disabled for \(client)"
        case .noPerformableAction(let field): "no action it performs in \"\(field)\""
        }
    }
}
