import SDUI

/// What `schema` and `client-models` start from: the Pages folder loaded, and the client the
/// command line names (`--client ios/4.9.0`, `--capabilities page,text`), nil for every client.
enum ClientTarget {
    static func load(pages: String, client: String?, capabilities: String?) -> Result<(Site, ClientDescriptor?), CommandFailure> {
        let site: Site
        switch PagesLoader.load(PagesFolder(path: pages)) {
        case .success(let loaded): site = loaded
        case .failure(let failure): return .failure(CommandFailure(failure.problems.map { "\($0)\n" }.joined()))
        }
        var version: ClientVersion?
        if let client {
            guard let parsed = ClientVersion(header: client) else {
                return .failure(CommandFailure("--client must be platform/semver (ios, android or web), e.g. ios/4.9.0\n"))
            }
            version = parsed
        }
        var descriptor: ClientDescriptor? = version.map { .version($0) }
        if let capabilities {
            let names = capabilities.split(separator: ",").map { RolloutRequest.trimmed($0) }.filter { !$0.isEmpty }
            descriptor = .capabilities(Set(names), version: version)
        }
        return .success((site, descriptor))
    }
}
