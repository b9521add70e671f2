import Testing
@testable import SDUI

@Suite struct RolloutCrossCheckTests {
    @Test func reportsMissingPagesTemplatesAndSecondCanaries() throws {
        let json = try JSONParser.parse("""
            { "experiments": [
                { "name": "bad", "pages": [], "salt": "s", "variants": [] },
                { "name": "e", "pages": ["home", "gone", "home.canary"], "salt": "s",
                  "variants": [ { "name": "A", "weight": 1 } ] } ],
              "canaries": [
                { "page": "nope", "percent": 5, "template": "home", "salt": "s" },
                { "page": "home", "percent": 5, "template": "home.canary", "salt": "s" },
                { "page": "home", "percent": 7, "template": "home.missing", "salt": "t" } ] }
            """)
        let (config, parseProblems) = RolloutConfig.parse(json)
        #expect(parseProblems.count == 1)
        let problems = config.crossCheck(pageNames: ["home", "cart"], templateNames: ["home", "cart", "home.canary"])
        #expect(problems.map(\.description) == [
            #"rollout.json:$.experiments[1].pages[1]: unknown page "gone""#,
            #"rollout.json:$.experiments[1].pages[2]: unknown page "home.canary""#,
            #"rollout.json:$.canaries[0].page: unknown page "nope""#,
            #"rollout.json:$.canaries[2].template: unknown template "home.missing""#,
            #"rollout.json:$.canaries[2].page: page "home" already has a canary at $.canaries[1]"#,
        ])
    }

    @Test func aConsistentConfigHasNoProblems() throws {
        let (config, _) = RolloutConfig.parse(try JSONParser.parse(RolloutConfigParseTests.specExample))
        #expect(config.crossCheck(pageNames: ["home"], templateNames: ["home", "home.canary"]).isEmpty)
        #expect(RolloutConfig().crossCheck(pageNames: [], templateNames: []).isEmpty)
    }

    @Test func usesPositionsForConfigsBuiltInCode() {
        let config = RolloutConfig(canaries: [.init(page: "home", basisPoints: 1, template: "t", salt: "s")])
        #expect(config.crossCheck(pageNames: ["home"], templateNames: []).map(\.description)
            == [#"rollout.json:$.canaries[0].template: unknown template "t""#])
    }
}
