import SDUI

/// `trellis schema`: the JSON Schema (draft 2020-12) of the pages (sections, list pages) a
/// client can receive from a Pages folder (SPEC §8.3, §10).
public enum SchemaGeneration {
    /// The schema as pretty JSON, or the problems (invalid Pages, a malformed client).
    public static func schema(pages: String, client: String?, capabilities: String?,
                              answer: SchemaAnswer = .page) -> Result<[UInt8], CommandFailure> {
        ClientTarget.load(pages: pages, client: client, capabilities: capabilities).map { site, descriptor in
            JSONPrettyWriter.encode(site.schema(for: descriptor, answer: answer))
        }
    }
}

/// A command that could not do its work: the message to print on stderr (exit status 1).
public struct CommandFailure: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
