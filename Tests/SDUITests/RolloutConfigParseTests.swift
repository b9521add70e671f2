import Testing
@testable import SDUI

@Suite struct RolloutConfigParseTests {
    static let specExample = """
        {
          "minVersions": { "ios": "4.0.0", "android": "4.0.0-beta.2" },
          "experiments": [
            { "name": "home-hero", "pages": ["home"], "salt": "home-hero-2026-11",
              "variants": [ { "name": "A", "weight": 50 }, { "name": "B", "weight": 50 } ] }
          ],
          "canaries": [
            { "page": "home", "percent": 12.34, "template": "home.canary", "salt": "home-canary-1" }
          ]
        }
        """

    private func parse(_ text: String) throws -> (RolloutConfig, [String]) {
        let (config, problems) = RolloutConfig.parse(try JSONParser.parse(text))
        return (config, problems.map(\.description))
    }

    @Test func parsesTheSpecExample() throws {
        let (config, problems) = try parse(Self.specExample)
        #expect(problems.isEmpty)
        #expect(config.minVersions == [.ios: SemanticVersion("4.0.0")!, .android: SemanticVersion("4.0.0-beta.2")!])
        let experiment = RolloutConfig.Experiment(
            name: "home-hero", pages: ["home"], salt: "home-hero-2026-11",
            variants: [.init(name: "A", weight: 50), .init(name: "B", weight: 50)])
        #expect(config.experiments.map(\.name) == ["home-hero"])
        #expect(config.experiments.first?.variants == experiment.variants)
        #expect(config.canaries.first?.basisPoints == 1234)
        #expect(config.canaries.first?.template == "home.canary")
    }

    @Test func emptyObjectIsTheEmptyConfig() throws {
        let (config, problems) = try parse("{}")
        #expect(problems.isEmpty && config == RolloutConfig())
    }

    @Test(arguments: [("12.34", 1234), ("10", 1000), ("0.5", 50), ("100", 10000), ("0", 0), ("100.00", 10000),
                      ("-0", 0), ("0.01", 1), ("99.99", 9999)])
    func readsPercentLiteralsExactly(literal: String, basisPoints: Int) {
        #expect(RolloutConfig.Canary.basisPoints(percentLiteral: literal) == basisPoints)
    }

    @Test(arguments: ["1e1", "1E1", "10.0e0", "-1", "-0.01", "100.01", "101", "1000", "12.345", "0.001"])
    func rejectsBadPercentLiterals(literal: String) {
        #expect(RolloutConfig.Canary.basisPoints(percentLiteral: literal) == nil)
    }

    @Test func reportsEveryProblemWithItsPath() throws {
        let (config, problems) = try parse("""
            {
              "minVersions": { "ios": "4.0", "iOS": "4.0.0", "web": 4 },
              "experiments": [
                { "name": "a", "pages": ["home", 3], "salt": "s", "variants": [] },
                { "name": "b", "pages": [], "salt": "s",
                  "variants": [ { "name": "A", "weight": 1.5 }, { "name": "A", "weight": -1 }, { "name": "x,y", "weight": 1 } ] },
                { "name": "c", "pages": ["home"], "variants": [ { "name": "A", "weight": 0 } ], "extra": true },
                { "name": "d", "pages": ["home"], "salt": "s", "variants": [ { "name": "A", "weight": 1 } ] },
                { "name": "d", "pages": ["p"], "salt": "s", "variants": [ { "name": "A", "weight": 1 } ] }
              ],
              "canaries": [
                { "page": "home", "percent": 1e1, "template": "home.canary", "salt": "s" },
                { "page": "home", "percent": "10", "template": "home", "salt": "s" },
                { "page": "home", "percent": 12.345, "template": "t", "salt": "s" },
                { "page": "cart", "percent": 100, "template": "cart" },
                { "page": "search", "percent": 0.5, "template": "search.canary", "salt": "s" }
              ],
              "minVersion": {}
            }
            """)
        #expect(problems.sorted() == [
            #"rollout.json:$.minVersions.ios: "4.0" is not a SemVer version (MAJOR.MINOR.PATCH)"#,
            #"rollout.json:$.minVersions.iOS: unknown platform "iOS" (expected one of ios, android, web)"#,
            "rollout.json:$.minVersions.web: must be a string, not number",
            "rollout.json:$.experiments[0].pages[1]: must be a string, not number",
            "rollout.json:$.experiments[0].variants: must list at least one variant",
            "rollout.json:$.experiments[1].variants[0].weight: must be an integer from 0 to 1000000, not 1.5",
            "rollout.json:$.experiments[1].variants[1].weight: must be an integer from 0 to 1000000, not -1",
            #"rollout.json:$.experiments[1].variants[2].name: "x,y" is not a valid name (visible ASCII characters other than , and =)"#,
            "rollout.json:$.experiments[2].extra: unknown key (expected one of name, pages, salt, variants)",
            "rollout.json:$.experiments[2].salt: missing",
            "rollout.json:$.experiments[2].variants: weights must add up to more than 0",
            #"rollout.json:$.experiments[4].name: duplicate experiment name "d""#,
            "rollout.json:$.canaries[0].percent: must be from 0 to 100 with at most two decimals and no exponent, not 1e1",
            "rollout.json:$.canaries[1].percent: must be a number, not string",
            "rollout.json:$.canaries[2].percent: must be from 0 to 100 with at most two decimals and no exponent, not 12.345",
            "rollout.json:$.canaries[3].salt: missing",
            "rollout.json:$.minVersion: unknown key (expected one of minVersions, softMinVersions, experiments, canaries)",
        ].sorted())
        #expect(config.minVersions.isEmpty)
        #expect(config.experiments.map(\.name) == ["d"])
        #expect(config.canaries.map(\.page) == ["search"])
    }

    @Test func reportsDuplicateVariantNamesAndCanaryTemplateSameAsPage() throws {
        let (config, problems) = try parse("""
            { "experiments": [ { "name": "e", "pages": [], "salt": "s",
                                 "variants": [ { "name": "A", "weight": 1 }, { "name": "A", "weight": 1 } ] } ],
              "canaries": [ { "page": "home", "percent": 5, "template": "home", "salt": "s" } ] }
            """)
        #expect(problems == [
            #"rollout.json:$.experiments[0].variants[1].name: duplicate variant name "A""#,
            #"rollout.json:$.canaries[0].template: a canary template must differ from its page "home""#,
        ])
        #expect(config == RolloutConfig())
    }

    @Test func capsWeightsSoIntegerBucketingCannotOverflow() throws {
        let (config, problems) = try parse("""
            { "experiments": [
                { "name": "max", "pages": [], "salt": "s", "variants": [ { "name": "A", "weight": 1000000 } ] },
                { "name": "over", "pages": [], "salt": "s", "variants": [ { "name": "A", "weight": 1000001 } ] },
                { "name": "huge", "pages": [], "salt": "s", "variants": [ { "name": "A", "weight": 99999999999999999999 } ] } ] }
            """)
        #expect(config.experiments.map(\.name) == ["max"])
        #expect(problems == [
            "rollout.json:$.experiments[1].variants[0].weight: must be an integer from 0 to 1000000, not 1000001",
            "rollout.json:$.experiments[2].variants[0].weight: must be an integer from 0 to 1000000, not 99999999999999999999",
        ])
    }

    @Test func rejectsANonObjectAndQuotesOddKeys() throws {
        #expect(try parse("[]").1 == ["rollout.json:$: must be an object, not array"])
        #expect(try parse(#"{"minVersions": {"a b\"": "1.0.0"}}"#).1
            == [#"rollout.json:$.minVersions["a b\""]: unknown platform "a b"" (expected one of ios, android, web)"#])
        let (_, problems) = RolloutConfig.parse(.null, file: "other/rollout.json")
        #expect(problems.map(\.description) == ["other/rollout.json:$: must be an object, not null"])
    }
}
