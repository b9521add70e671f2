/// rollout.json: parsed with the rest of the folder and checked against the templates.
extension SiteLoader {
    static let rolloutFile = "rollout.json"

    /// The rollout config (empty when the file is absent), recording its problems: its own,
    /// experiments and canaries naming missing pages or templates, a canary template whose
    /// route differs from its page's, and `$variant`s naming unknown experiments or variants.
    mutating func readRollout(_ templates: [String: PageTemplate]) -> RolloutConfig {
        guard let root = parsed[Self.rolloutFile] else {
            checkVariantUses(RolloutConfig())
            return RolloutConfig()
        }
        var (config, found) = RolloutConfig.parse(root, file: Self.rolloutFile)
        let pageNames = Set(templates.keys.filter { !$0.contains(".") && !Self.specialPages.contains($0) })
        found += config.crossCheck(pageNames: pageNames, templateNames: Set(templates.keys), file: Self.rolloutFile)
        for (index, canary) in config.canaries.enumerated() {
            guard let page = templates[canary.page], let canaryTemplate = templates[canary.template],
                  page.route?.text != canaryTemplate.route?.text else { continue }
            found.append(ValidationProblem(
                file: Self.rolloutFile, path: "$.canaries[\(index)].template",
                message: "canary template \"\(canary.template)\" must repeat the route of page \"\(canary.page)\""))
        }
        config.canaries.removeAll { templates[$0.template] == nil }
        for problem in found { problems.report(problem.file, problem.path, problem.message) }
        if found.isEmpty { checkVariantUses(config) }
        return config
    }

    /// A `$variant` whose experiment is not in rollout.json would always serve its first branch;
    /// a branch for a variant the experiment doesn't list would never be served.
    private mutating func checkVariantUses(_ config: RolloutConfig) {
        for use in variantUses {
            guard let experiment = config.experiment(named: use.experiment) else {
                problems.report(use.file, use.path.key("$variant"), "unknown experiment \"\(use.experiment)\" (not in rollout.json)")
                continue
            }
            let names = Set(experiment.variants.map(\.name))
            for branch in use.branches where !names.contains(branch) {
                problems.report(use.file, use.path.key(branch), "experiment \"\(use.experiment)\" has no variant \"\(branch)\"")
            }
        }
    }
}
