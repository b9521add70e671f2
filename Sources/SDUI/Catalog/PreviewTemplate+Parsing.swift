/// Reading a catalog type's `preview.html` into its parts, refusing what the preview must never
/// draw (SPEC §13, §14): a script (`<script`, an `on…=` attribute, a `javascript:` URL), a value
/// where escaping would not keep it in its place, a slot inside a tag, an unbalanced section.
extension PreviewTemplate {
    /// The template `html` of a type with `slots`, or why it is refused.
    static func parse(_ html: String, slots: [String]) -> Result<PreviewTemplate, InterpolationError> {
        // Browsers drop tabs and newlines inside a URL's scheme: `java\tscript:` is `javascript:`.
        if html.lowercased().filter({ $0 != "\t" && $0 != "\n" && $0 != "\r" }).contains("javascript:") {
            return .failure(InterpolationError(message: "a javascript: URL is not allowed"))
        }
        let pieces: [TextPart]
        switch Interpolation.parse(html) {
        case .success(let parsed): pieces = parsed
        case .failure(let error): return .failure(error)
        }
        var scanner = PreviewMarkupScanner()
        // The open sections, innermost last: the path, the parts before it, where it opened.
        var open: [(path: [String], inverted: Bool, outer: [Part], place: PreviewMarkupScanner.Place)] = []
        var parts: [Part] = []
        for piece in pieces {
            switch piece {
            case .literal(let markup):
                if let refusal = scanner.feed(markup) { return .failure(InterpolationError(message: refusal)) }
                parts.append(.markup(markup))
            case .binding(let path) where path.root.hasPrefix("#") || path.root.hasPrefix("^"):
                guard scanner.takesSection else { return refuse("{{\(path)}} inside a tag name or an unquoted attribute") }
                open.append((section(path), path.root.hasPrefix("^"), parts, scanner.place))
                parts = []
            case .binding(let path) where path.root.hasPrefix("/"):
                guard let section = open.popLast(), section.path == self.section(path) else {
                    return refuse("{{\(path)}} closes no open section of that name")
                }
                guard section.place == scanner.place else {
                    return refuse("the section closed by {{\(path)}} must end where it starts "
                        + "(in text, a tag or one attribute value)")
                }
                parts = section.outer + [.section(section.path, parts, inverted: section.inverted)]
            case .binding(let path) where path.segments.count == 1 && slots.contains(path.root):
                guard scanner.place == .text else { return refuse("the slot {{\(path)}} must stand in text, not inside a tag") }
                parts.append(.slot(path.root))
            case .binding(let path):
                guard scanner.takesValue else { return refuse("{{\(path)}} inside a tag must be in a quoted attribute value") }
                parts.append(.value(path.segments))
            }
        }
        if let unclosed = open.last { return refuse("{{#\(unclosed.path.joined(separator: "."))}} is never closed") }
        guard scanner.place == .text else { return refuse("the markup ends inside a tag") }
        return .success(PreviewTemplate(parts: parts))
    }

    /// `#chips`, `^chips` or `/chips`: the path without its mark.
    private static func section(_ path: BindingPath) -> [String] {
        [String(path.root.dropFirst())] + path.segments.dropFirst()
    }

    private static func refuse(_ message: String) -> Result<PreviewTemplate, InterpolationError> {
        .failure(InterpolationError(message: message))
    }
}
