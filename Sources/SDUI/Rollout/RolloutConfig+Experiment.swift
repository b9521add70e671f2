extension RolloutConfig {
    /// An A/B experiment: devices on its pages are split among its variants by weight.
    public struct Experiment: Sendable, Equatable {
        /// One arm of an experiment. A zero weight is allowed: such a variant is never chosen
        /// by bucketing, but can be forced with `X-AB-Variant` (and is the default for devices
        /// without an id when it is listed first).
        public struct Variant: Sendable, Equatable {
            public var name: String
            /// A relative weight, 0 through `RolloutConfig.maxWeight`.
            public var weight: Int

            public init(name: String, weight: Int) {
                self.name = name
                self.weight = weight
            }
        }

        /// Unique among the experiments; the name used by `$variant` and `X-AB-Variant`.
        public var name: String
        /// The pages (by name) whose requests are assigned a variant.
        public var pages: [String]
        /// Mixed into the hash so that experiments bucket independently.
        public var salt: String
        /// Non-empty, with unique names and a positive total weight.
        public var variants: [Variant]
        /// Where the experiment was in rollout.json's `experiments`, for cross-check paths
        /// (nil when built in code). Part of equality, like every stored property.
        var sourceIndex: Int?

        public init(name: String, pages: [String], salt: String, variants: [Variant]) {
            self.name = name
            self.pages = pages
            self.salt = salt
            self.variants = variants
        }

        /// The variant that bucketing gives `deviceID`: consecutive ranges of the 10,000
        /// buckets in the order listed, sized by weight (`Bucketing.index(ofBucket:weights:)`).
        /// The first variant when the weights add up to zero.
        public func variant(forDevice deviceID: String) -> Variant {
            let bucket = Bucketing.bucket(salt: salt, deviceID: deviceID)
            return variants[Bucketing.index(ofBucket: bucket, weights: variants.map(\.weight)) ?? 0]
        }
    }
}
