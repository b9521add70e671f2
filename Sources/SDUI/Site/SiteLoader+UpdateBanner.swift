/// The soft upgrade's banner (SPEC §7.3): `fragments/update-banner.json`, compiled as
/// components once per version; it must exist when rollout.json sets `softMinVersions`.
extension SiteLoader {
    static let updateBannerFragment = "update-banner"

    /// The compiled banner and its schedule's edges, when the fragment exists.
    func compileUpdateBanner(_ compiler: inout TemplateCompiler) -> (node: TemplateNode, edges: [Double])? {
        compiler.compileFragment(Self.updateBannerFragment)
    }

    /// A `softMinVersions` with no banner to show is a problem.
    mutating func checkUpdateBanner(_ rollout: RolloutConfig, banner: TemplateNode?) {
        guard !rollout.softMinVersions.isEmpty, banner == nil, !files.keys.contains("fragments/\(Self.updateBannerFragment).json")
        else { return }
        problems.report(Self.rolloutFile, "$.softMinVersions", "needs fragments/\(Self.updateBannerFragment).json (the banner it inserts)")
    }
}
