extension RolloutConfig {
    /// A canary release: another template of the same route, served to a share of devices.
    public struct Canary: Sendable, Equatable {
        /// The page (by name) whose route the canary serves.
        public var page: String
        /// The share of devices in the canary, in basis points (0–10,000; `12.34` % is 1234).
        public var basisPoints: Int
        /// The template served instead (`home.canary` for `pages/home.canary.json`).
        public var template: String
        /// Mixed into the hash, independent of any experiment's salt.
        public var salt: String
        /// Where the canary was in rollout.json's `canaries`, for cross-check paths
        /// (nil when built in code). Part of equality, like every stored property.
        var sourceIndex: Int?

        public init(page: String, basisPoints: Int, template: String, salt: String) {
            self.page = page
            self.basisPoints = basisPoints
            self.template = template
            self.salt = salt
        }

        /// Whether `deviceID` is in the canary: its bucket with the canary's salt is below
        /// `basisPoints`, an exact integer comparison. Raising the percentage only adds devices.
        public func includes(deviceID: String) -> Bool {
            Bucketing.bucket(salt: salt, deviceID: deviceID) < basisPoints
        }

        /// Parses a `percent` number from its literal JSON text into basis points, exactly:
        /// `12.34` → 1234, `10` → 1000, `0.5` → 50, `100` → 10000. Nil for an exponent,
        /// more than two decimals, a negative value or more than 100 (`-0` is 0).
        public static func basisPoints(percentLiteral literal: String) -> Int? {
            var text = Substring(literal)
            if text.first == "-" { text = text.dropFirst() }
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count <= 2, let whole = parts.first,
                  (1...3).contains(whole.count), whole.allSatisfy(\.isASCIIDigit)
            else { return nil }
            let fraction = parts.count == 2 ? parts[1] : ""
            guard fraction.count <= 2, fraction.allSatisfy(\.isASCIIDigit),
                  parts.count == 1 || !fraction.isEmpty,
                  let wholeValue = Int(whole),
                  let fractionValue = Int(fraction + String(repeating: "0", count: 2 - fraction.count))
            else { return nil }
            let value = wholeValue * 100 + fractionValue
            guard value <= 10_000, literal.first != "-" || value == 0 else { return nil }
            return value
        }
    }
}
