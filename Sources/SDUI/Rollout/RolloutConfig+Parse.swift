extension RolloutConfig {
    /// Parses rollout.json, reporting every problem with its JSON path
    /// (`rollout.json:$.experiments[0].variants[1].weight: ...`).
    ///
    /// Always returns a config: an entry with a problem is left out of it, the rest is kept.
    /// The file is strict: unknown keys are problems too (a misspelt `minVersion` would
    /// otherwise silently turn the check off). Experiment and variant names are 1 or more
    /// visible ASCII characters other than `,` and `=`, so that `X-AB-Variant` round-trips.
    /// Page and template names are checked against the folder by `crossCheck`.
    public static func parse(_ json: JSONValue, file: String = "rollout.json") -> (RolloutConfig, [ValidationProblem]) {
        var parser = RolloutConfigParser(file: file)
        let config = parser.config(json)
        return (config, parser.problems)
    }

    /// The problems that need the rest of the Pages folder: experiments naming a page that
    /// doesn't exist, canaries naming a missing page or template, and two canaries for one page.
    /// - Parameters:
    ///   - pageNames: the pages that can be requested (`home` for `pages/home.json`).
    ///   - templateNames: every template in `pages/` (`home.canary` included).
    public func crossCheck(pageNames: Set<String>, templateNames: Set<String>, file: String = "rollout.json") -> [ValidationProblem] {
        var problems: [ValidationProblem] = []
        for (position, experiment) in experiments.enumerated() {
            let path = "$.experiments[\(experiment.sourceIndex ?? position)]"
            for (i, page) in experiment.pages.enumerated() where !pageNames.contains(page) {
                problems.append(ValidationProblem(file: file, path: "\(path).pages[\(i)]", message: "unknown page \"\(page)\""))
            }
        }
        var firstCanary: [String: String] = [:]
        for (position, canary) in canaries.enumerated() {
            let path = "$.canaries[\(canary.sourceIndex ?? position)]"
            if !pageNames.contains(canary.page) {
                problems.append(ValidationProblem(file: file, path: "\(path).page", message: "unknown page \"\(canary.page)\""))
            }
            if !templateNames.contains(canary.template) {
                problems.append(ValidationProblem(
                    file: file, path: "\(path).template", message: "unknown template \"\(canary.template)\""))
            }
            if let first = firstCanary[canary.page] {
                problems.append(ValidationProblem(
                    file: file, path: "\(path).page", message: "page \"\(canary.page)\" already has a canary at \(first)"))
            } else {
                firstCanary[canary.page] = path
            }
        }
        return problems
    }
}
