extension RolloutConfigParser {
    private static let experimentKeys = ObjectKeys.expectingOneOf(["name", "pages", "salt", "variants"])
    private static let variantKeys = ObjectKeys.expectingOneOf(["name", "weight"])

    /// The valid experiments of `$.experiments`; a duplicate name keeps only the first.
    mutating func experiments(_ value: JSONValue, at path: String) -> [RolloutConfig.Experiment] {
        guard let entries = array(value, at: path) else { return [] }
        var result: [RolloutConfig.Experiment] = []
        for (index, entry) in entries.enumerated() {
            let entryPath = "\(path)[\(index)]"
            guard var experiment = experiment(entry, at: entryPath) else { continue }
            if result.contains(where: { $0.name == experiment.name }) {
                report(entryPath + ".name", "duplicate experiment name \"\(experiment.name)\"")
                continue
            }
            experiment.sourceIndex = index
            result.append(experiment)
        }
        return result
    }

    private mutating func experiment(_ value: JSONValue, at path: String) -> RolloutConfig.Experiment? {
        guard let object = object(value, at: path) else { return nil }
        check(object, Self.experimentKeys, at: path)
        let name = name(object, at: path)
        let pages = pages(object, at: path)
        let salt = requiredString(object, "salt", at: path)
        let variants = required(object, "variants", at: path).flatMap { self.variants($0, at: path + ".variants") }
        guard let name, let pages, let salt, let variants else { return nil }
        return RolloutConfig.Experiment(name: name, pages: pages, salt: salt, variants: variants)
    }

    private mutating func pages(_ object: JSONObject, at path: String) -> [String]? {
        guard let value = required(object, "pages", at: path),
              let entries = array(value, at: path + ".pages")
        else { return nil }
        var pages: [String] = []
        for (index, entry) in entries.enumerated() {
            if let page = string(entry, at: "\(path).pages[\(index)]") { pages.append(page) }
        }
        return pages.count == entries.count ? pages : nil
    }

    /// Non-empty, every variant valid, names unique, weights adding up to more than zero.
    private mutating func variants(_ value: JSONValue, at path: String) -> [RolloutConfig.Experiment.Variant]? {
        guard let entries = array(value, at: path) else { return nil }
        guard !entries.isEmpty else {
            report(path, "must list at least one variant")
            return nil
        }
        var variants: [RolloutConfig.Experiment.Variant] = []
        for (index, entry) in entries.enumerated() {
            let entryPath = "\(path)[\(index)]"
            guard let variant = variant(entry, at: entryPath) else { continue }
            if variants.contains(where: { $0.name == variant.name }) {
                report(entryPath + ".name", "duplicate variant name \"\(variant.name)\"")
            }
            variants.append(variant)
        }
        guard variants.count == entries.count, Set(variants.map(\.name)).count == variants.count else { return nil }
        guard variants.contains(where: { $0.weight > 0 }) else {
            report(path, "weights must add up to more than 0")
            return nil
        }
        return variants
    }

    private mutating func variant(_ value: JSONValue, at path: String) -> RolloutConfig.Experiment.Variant? {
        guard let object = object(value, at: path) else { return nil }
        check(object, Self.variantKeys, at: path)
        let name = name(object, at: path)
        let weight = required(object, "weight", at: path).flatMap { self.weight($0, at: path + ".weight") }
        guard let name, let weight else { return nil }
        return RolloutConfig.Experiment.Variant(name: name, weight: weight)
    }

    /// An integer literal from 0 to `RolloutConfig.maxWeight` (`50`; not `50.0` or `5e1`).
    private mutating func weight(_ value: JSONValue, at path: String) -> Int? {
        guard case .number(let literal) = value else {
            report(path, "must be a number, not \(value.kindName)")
            return nil
        }
        guard let weight = value.intValue, (0...RolloutConfig.maxWeight).contains(weight) else {
            report(path, "must be an integer from 0 to \(RolloutConfig.maxWeight), not \(literal)")
            return nil
        }
        return weight
    }
}
