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

    /// The descriptor with only the capability names `catalog` declares.
    func restricted(toTypesOf catalog: Catalog) -> ClientDescriptor {
        guard case .capabilities(let names, let version) = self else { return self }
        return .capabilities(names.filter { catalog.index(of: $0) != nil }, version: version)
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
