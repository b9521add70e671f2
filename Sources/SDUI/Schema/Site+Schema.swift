/// `trellis schema`: the JSON Schema of the pages a client can receive from this version.
extension Site {
    /// The JSON Schema (draft 2020-12) of every `answer` served to `client` (SPEC §8.3: a page;
    /// §10: a section fetched alone, a list's `_after` page); with no client, of every type,
    /// field and action of the catalog.
    public func schema(for client: ClientDescriptor?, answer: SchemaAnswer = .page) -> JSONValue {
        let builder: PageSchema
        if let client {
            let profile = clientClass(for: client).profile
            builder = PageSchema(catalog: catalog, renderable: profile.renderable, fieldAllowed: profile.fieldAllowed,
                                 actionRenderable: profile.actionRenderable)
        } else {
            builder = PageSchema(catalog: catalog, renderable: catalog.types.map { _ in true },
                                 fieldAllowed: Array(repeating: true, count: catalog.fieldRuleCount),
                                 actionRenderable: catalog.actions.types.map { _ in true })
        }
        return builder.document(title: "Trellis \(answer.rawValue) for " + (client.map(Self.describe) ?? "every client"),
                                answer: answer)
    }

    /// `ios/5.2.0`, `no version`, `capabilities page,text (ios/5.2.0)`.
    static func describe(_ client: ClientDescriptor) -> String {
        switch client {
        case .unknown: "no version"
        case .version(let version): version.description
        case .capabilities(let names, let version):
            "capabilities " + names.sorted().joined(separator: ",") + (version.map { " (\($0))" } ?? "")
        }
    }
}
