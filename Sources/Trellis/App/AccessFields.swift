/// The page's part of an access-log line — the exposure record analytics joins on — carried
/// in `HTTPResponse.logFields` as logfmt: `page=home template=home.canary variants="home-hero=A"
/// release=canary fallbacks=0 missing=related`. Answers that are not pages carry nothing and log as `page=-`.
enum AccessFields {
    static func page(_ result: PageResult) -> String {
        var fields = "page=\(result.page) template=\(result.template)"
        if let variants = result.variantsHeader { fields += " variants=" + AccessLog.value(variants) }
        fields += " release=\(result.release.rawValue) fallbacks=\(result.fallbacks)"
        if result.upgradeRequired { fields += " upgrade=true" }
        if !result.missingOptional.isEmpty { fields += " missing=\(result.missingOptional.joined(separator: ","))" }
        return fields
    }

    /// The `page` label for metrics: the value of a leading `page=` field, else `-`.
    static func pageLabel(_ logFields: String) -> String {
        guard logFields.hasPrefix("page=") else { return "-" }
        return String(logFields.dropFirst(5).prefix { $0 != " " })
    }
}
