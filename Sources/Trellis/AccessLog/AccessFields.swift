/// The page's part of an access-log line — the exposure record analytics joins on — built once per
/// `Representation` as logfmt: `page=home template=home.canary variants="home-hero=A"
/// release=canary fallbacks=0 missing=related`. Answers that are not pages log `error=<code>` instead.
enum AccessFields {
    static func page(_ result: PageResult) -> String {
        var line = LogLine(capacity: 160)
        line.literal("page=")
        line.append(result.page)
        line.literal(" template=")
        line.append(result.template)
        if let section = result.section { line.field(" section=", section) }
        if let variants = result.variantsHeader { line.field(" variants=", variants) }
        line.literal(" release=")
        line.append(result.release.rawValue)
        line.literal(" fallbacks=")
        line.decimal(result.fallbacks)
        if result.upgradeRequired { line.literal(" upgrade=true") }
        if result.upgradeSuggested { line.literal(" upgrade_suggested=true") }
        if let locale = result.contentLanguage {
            line.literal(" locale=")
            line.append(locale)
        }
        list(" missing=", result.missingOptional, to: &line)
        list(" stale=", result.stale, to: &line)
        return line.text
    }

    /// ` key=a,b,c`, nothing for no names.
    private static func list(_ key: StaticString, _ names: [String], to line: inout LogLine) {
        guard let first = names.first else { return }
        line.literal(key)
        line.append(first)
        for name in names.dropFirst() {
            line.literal(",")
            line.append(name)
        }
    }
}
