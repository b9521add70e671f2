/// rollout.json: parsed with the rest of the folder and checked against the templates.
extension SiteLoader {
    static let rolloutFile = "rollout.json"

    /// The rollout config (empty when the file is absent), recording its problems: its own,
    /// experiments and canaries naming missing pages or templates, and a canary template
    /// whose route differs from its page's.
    mutating func readRollout(_ templates: [String: PageTemplate]) -> RolloutConfig {
        guard let root = parsed[Self.rolloutFile] else { return RolloutConfig() }
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
        for problem in found { problems.add(problem.file, problem.path, problem.message) }
        return config
    }
}
