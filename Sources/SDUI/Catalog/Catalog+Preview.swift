/// Reading a type's optional `preview` block of `catalog.json` (SPEC §13):
/// `{ "html": "<div class=hero>{{title}}</div>" }`, checked by `PreviewTemplate.parse`.
extension Catalog {
    private static let previewKeys = ObjectKeys(["html"], in: "a preview")

    /// The template of the `preview` block `value` at `path`, for a type with `slots`; nil
    /// (with its problems recorded) when it is refused.
    static func previewTemplate(_ value: JSONValue, _ path: String, slots: [String],
                                _ problems: inout ProblemList) -> PreviewTemplate? {
        guard let block = ConfigObject(value, file: file, path: path, else: "expected an object { \"html\": … }", &problems),
              block.check(previewKeys, &problems),
              let html = block.string("html", else: "expected the preview's markup as a string", &problems)
        else { return nil }
        switch PreviewTemplate.parse(html, slots: slots) {
        case .success(let template): return template
        case .failure(let error):
            problems.report(file, block.path("html"), error.message)
            return nil
        }
    }
}
