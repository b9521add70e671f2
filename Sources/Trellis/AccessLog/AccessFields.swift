/// The page's part of an access-log line — the exposure record analytics joins on: `page=home
/// template=home.canary variants="home-hero=A" release=canary fallbacks=0 missing=related` in
/// text, the same as JSON members in `json`. The text form is built once per `Representation`
/// (the same for every hit); JSON lines write it from the result as they go. Answers that are
/// not pages log `error=<code>` instead.
enum AccessFields {
    /// The text (logfmt) fields of `result`, for a `Representation` to keep.
    static func page(_ result: PageResult) -> String {
        var line = LogLine(capacity: 160)
        append(result, to: &line)
        return line.text
    }

    /// Writes the fields of `result` into `line`, in its format.
    static func append(_ result: PageResult, to line: inout LogLine) {
        line.field("page", result.page)
        line.field("template", result.template)
        if let section = result.section { line.field("section", section) }
        if let variants = result.variantsHeader { line.field("variants", variants) }
        line.field("release", result.release.rawValue)
        line.number("fallbacks", result.fallbacks)
        if result.upgradeRequired { line.flag("upgrade") }
        if result.upgradeSuggested { line.flag("upgrade_suggested") }
        if let locale = result.contentLanguage { line.field("locale", locale) }
        list("missing", result.missingOptional, to: &line)
        list("stale", result.stale, to: &line)
    }

    /// `key=a,b,c` (`"key":"a,b,c"`), nothing for no names.
    private static func list(_ key: StaticString, _ names: [String], to line: inout LogLine) {
        guard !names.isEmpty else { return }
        line.field(key, names.joined(separator: ","))
    }
}
