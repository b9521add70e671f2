extension RolloutConfigParser {
    private static let canaryKeys = ObjectKeys.expectingOneOf(["page", "percent", "template", "salt"])

    /// The valid canaries of `$.canaries`. Two canaries for one page are left to `crossCheck`.
    mutating func canaries(_ value: JSONValue, at path: String) -> [RolloutConfig.Canary] {
        guard let entries = array(value, at: path) else { return [] }
        var result: [RolloutConfig.Canary] = []
        for (index, entry) in entries.enumerated() {
            guard var canary = canary(entry, at: "\(path)[\(index)]") else { continue }
            canary.sourceIndex = index
            result.append(canary)
        }
        return result
    }

    private mutating func canary(_ value: JSONValue, at path: String) -> RolloutConfig.Canary? {
        guard let object = object(value, at: path) else { return nil }
        check(object, Self.canaryKeys, at: path)
        let page = requiredString(object, "page", at: path)
        let basisPoints = required(object, "percent", at: path).flatMap { self.percent($0, at: path + ".percent") }
        let template = requiredString(object, "template", at: path)
        let salt = requiredString(object, "salt", at: path)
        guard let page, let basisPoints, let template, let salt else { return nil }
        guard template != page else {
            report(path + ".template", "a canary template must differ from its page \"\(page)\"")
            return nil
        }
        return RolloutConfig.Canary(page: page, basisPoints: basisPoints, template: template, salt: salt)
    }

    /// A percentage from 0 to 100 with at most two decimals, read exactly from its literal.
    private mutating func percent(_ value: JSONValue, at path: String) -> Int? {
        guard case .number(let literal) = value else {
            report(path, "must be a number, not \(value.kindName)")
            return nil
        }
        guard let basisPoints = RolloutConfig.Canary.basisPoints(percentLiteral: literal) else {
            report(path, "must be from 0 to 100 with at most two decimals and no exponent, not \(literal)")
            return nil
        }
        return basisPoints
    }
}
