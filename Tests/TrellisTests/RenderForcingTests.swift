import Testing

/// `render --variant` / `--release` with a name rollout.json doesn't know (SPEC §13): exit 2 and
/// a message naming it, where a request would silently ignore it (§3.1).
@Suite struct RenderForcingTests {
    func render(_ flags: [String]) throws -> (status: Int32, stdout: [UInt8], stderr: String) {
        try runTrellis(["render", "/home", "--pages", ServeEndToEndTests.pages, "--at", "2026-06-01T00:00:00Z"] + flags)
    }

    @Test func anUnknownVariantOrExperimentExitsTwoNamingIt() throws {
        let variant = try render(["--variant", "home-hero=Q"])
        #expect(variant.status == 2)
        #expect(variant.stdout.isEmpty)
        #expect(variant.stderr == "unknown variant Q of experiment home-hero (known: A, B)\n")
        let experiment = try render(["--variant", "home-hero=B", "--variant", "home-heor=B"])
        #expect(experiment.status == 2)
        #expect(experiment.stderr == "unknown experiment home-heor (known: home-hero)\n")
        let malformed = try render(["--variant", "home-hero"])
        #expect(malformed.status == 2)
        #expect(malformed.stderr == "--variant takes experiment=variant, not \"home-hero\"\n")
    }

    @Test func aReleaseOtherThanStableOrCanaryExitsTwo() throws {
        let beta = try render(["--release", "beta"])
        #expect(beta.status == 2)
        #expect(beta.stderr == "--release takes stable or canary, not \"beta\"\n")
    }

    @Test func knownNamesStillRender() throws {
        let known = try render(["--variant", "home-hero=B", "--release", "canary"])
        #expect(known.status == 0, "\(known.stderr)")
        #expect(known.stderr.contains("home-hero=B"))
    }
}
