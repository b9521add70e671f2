/// What a request says about its client, from `X-Client-Version` and `X-Client-Capabilities`.
public enum ClientDescriptor: Sendable, Hashable {
    /// No `X-Client-Version` and no capabilities: only baseline types (no `since`), and no
    /// `since`-fielded data fields.
    case unknown
    /// A known platform and version: `since` decides types and fields.
    case version(ClientVersion)
    /// `X-Client-Capabilities`: exactly these types are renderable; field rules still follow
    /// the version (none: `since`-fielded fields are pruned).
    case capabilities(Set<String>, version: ClientVersion?)

    /// The descriptor with only the capability names `catalog` declares (component or action types).
    func restricted(toTypesOf catalog: Catalog) -> ClientDescriptor {
        guard case .capabilities(let names, let version) = self else { return self }
        return .capabilities(names.filter { catalog.index(of: $0) != nil || catalog.actions.index(of: $0) != nil },
                             version: version)
    }

    /// The capability names, when the client sent `X-Client-Capabilities`.
    var capabilities: Set<String>? {
        if case .capabilities(let names, _) = self { return names }
        return nil
    }

    /// Whether the client renders a type (or performs an action) named `name` with `since` and
    /// `disabled`: a listed version never does (SPEC §7.2, capabilities or not); else the
    /// capability list decides when `capabilityDecides`, else `since` (no version: only
    /// types with no `since`).
    func renders(_ name: String, since: VersionTable?, disabled: DisabledVersions?, capabilityDecides: Bool) -> Bool {
        if let version = clientVersion, disabled?.excludes(version) == true { return false }
        if capabilityDecides, let capabilities { return capabilities.contains(name) }
        guard let since else { return true }
        return clientVersion.map(since.admits) ?? false
    }

    /// The version, if the client sent one.
    var clientVersion: ClientVersion? {
        switch self {
        case .unknown: nil
        case .version(let version): version
        case .capabilities(_, let version): version
        }
    }
}
