/// The page's part of an access-log line — the exposure record analytics joins on — built once per
/// `Representation` as logfmt: `page=home template=home.canary variants="home-hero=A"
/// release=canary fallbacks=0 missing=related`. Answers that are not pages log `error=<code>` instead.
enum AccessFields {
    static func page(_ result: PageResult) -> String {
        var fields = "page=\(result.page) template=\(result.template)"
        if let variants = result.variantsHeader { fields += " variants=" + AccessLog.value(variants) }
        fields += " release=\(result.release.rawValue) fallbacks=\(result.fallbacks)"
        if result.upgradeRequired { fields += " upgrade=true" }
        if result.upgradeSuggested { fields += " upgrade_suggested=true" }
        if let locale = result.contentLanguage { fields += " locale=\(locale)" }
        if !result.missingOptional.isEmpty { fields += " missing=\(result.missingOptional.joined(separator: ","))" }
        if !result.stale.isEmpty { fields += " stale=\(result.stale.joined(separator: ","))" }
        return fields
    }
}
