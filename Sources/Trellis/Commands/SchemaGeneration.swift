import SDUI

/// `trellis schema`: the JSON Schema (draft 2020-12) of the pages (sections, list pages) a
/// client can receive from a Pages folder (SPEC §8.3, §10).
public enum SchemaGeneration {
    /// The schema as pretty JSON, or the problems (invalid Pages, a malformed client).
    public static func schema(pages: String, client: String?, capabilities: String?,
                              answer: SchemaAnswer = .page) -> Result<[UInt8], CommandFailure> {
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
        return .success(JSONPrettyWriter.encode(site.schema(for: descriptor, answer: answer)))
    }
}

/// A command that could not do its work: the message to print on stderr (exit status 1).
public struct CommandFailure: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
