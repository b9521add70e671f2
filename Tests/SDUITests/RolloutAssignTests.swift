import TestSupport
import Testing
@testable import SDUI

@Suite struct RolloutAssignTests {
    static let config = RolloutConfig(
        minVersions: [.ios: SemanticVersion("4.0.0")!],
        experiments: [
            .init(name: "home-hero", pages: ["home"], salt: "home-hero-2026-11",
                  variants: [.init(name: "A", weight: 50), .init(name: "B", weight: 50)]),
            .init(name: "other", pages: ["cart"], salt: "o", variants: [.init(name: "X", weight: 1)]),
            .init(name: "checkout", pages: ["cart", "home"], salt: "c",
                  variants: [.init(name: "Off", weight: 0), .init(name: "On", weight: 1)]),
        ],
        canaries: [.init(page: "home", basisPoints: 2050, template: "home.canary", salt: "home-canary-1")])

    private func assign(_ page: String = "home", device: String? = nil, forced: [String: String] = [:],
                        release: Release? = nil) -> Assignment {
        assign(page, device: device, forcedLists: forced.mapValues { [$0] }, release: release)
    }

    private func assign(_ page: String = "home", device: String? = nil, forcedLists: [String: [String]],
                        release: Release? = nil) -> Assignment {
        Self.config.assign(page: page, deviceID: device, forcedVariants: forcedLists, forcedRelease: release)
    }

    @Test func bucketsDevicesWithTheExperimentSalt() throws {
        // home-hero bucket of device-1 is 2463: A; checkout's zero-weight Off is never bucketed.
        let assignment = assign(device: "device-1")
        #expect(assignment.variant(for: "home-hero") == "A")
        #expect(assignment.headerValue == "home-hero=A, checkout=On")
        let devices = (0..<50).map { "device-\($0)" }
        let b: String = try #require(devices.first { assign(device: $0).variant(for: "home-hero") == "B" })
        #expect(Bucketing.bucket(salt: "home-hero-2026-11", deviceID: b) >= 5000)
    }

    @Test func givesTheFirstVariantWithoutADeviceID() {
        #expect(assign() == Assignment(template: "home", release: .stable,
                                       variants: [("home-hero", "A"), ("checkout", "Off")]))
    }

    @Test func forcedVariantsWinOnlyWhenTheyExist() {
        #expect(assign(device: "device-1", forced: ["home-hero": "B", "checkout": "Off"]).headerValue
            == "home-hero=B, checkout=Off")
        let ignored = assign(device: "device-1", forced: ["home-hero": "C", "Checkout": "On", "other": "X", "new": "A"])
        #expect(ignored.headerValue == "home-hero=A, checkout=On")
        #expect(ignored.variant(for: "other") == nil)
    }

    /// SPEC §3.1: an unknown entry is ignored, so a known variant named after it still wins,
    /// and of two known ones the first named wins. Names are case-sensitive.
    @Test func theFirstKnownForcedVariantWinsOverUnknownOnesBeforeIt() {
        #expect(assign(device: "device-1", forcedLists: ["home-hero": ["C", "B"]]).variant(for: "home-hero") == "B")
        #expect(assign(device: "device-1", forcedLists: ["home-hero": ["b", "B", "A"]]).variant(for: "home-hero") == "B")
        #expect(assign(device: "device-1", forcedLists: ["checkout": ["on", "Off", "On"]]).variant(for: "checkout") == "Off")
        #expect(assign(device: "device-1", forcedLists: ["home-hero": ["C", "b"]]).variant(for: "home-hero") == "A")
        let request = try? RolloutRequest(deviceIDHeader: "device-1", variantHeader: "home-hero=C, home-hero=B", releaseHeader: nil)
        #expect(request.map { Self.config.assign(page: "home", request: $0).variant(for: "home-hero") } == "B")
    }

    @Test func listsExperimentsInRolloutOrderAndNoneForOtherPages() {
        #expect(assign("cart").headerValue == "other=X, checkout=Off")
        let search = assign("search", device: "device-1")
        #expect(search.headerValue == nil && search.variants.isEmpty)
    }

    @Test func putsDevicesInTheCanaryBelowItsBasisPoints() {
        // home-canary-1 buckets: device-1 is 2049 (< 2050, in), 7f3c9a is 5416 (out).
        let inside = assign(device: "device-1")
        #expect(inside.template == "home.canary" && inside.release == .canary)
        #expect(inside.headerValue == "home-hero=A, checkout=On", "a canary template counts as its page")
        #expect(assign(device: "7f3c9a").template == "home")
        var tighter = Self.config
        tighter.canaries[0].basisPoints = 2049
        #expect(tighter.assign(page: "home", deviceID: "device-1", forcedVariants: [:], forcedRelease: nil).release == .stable)
    }

    @Test func forcedReleaseWinsAndNoDeviceIsStable() {
        #expect(assign().release == .stable)
        #expect(assign(release: .canary).template == "home.canary")
        #expect(assign(device: "device-1", release: .stable) == Assignment(
            template: "home", variants: [("home-hero", "A"), ("checkout", "On")]))
        #expect(assign("cart", release: .canary) == Assignment(template: "cart", variants: [("other", "X"), ("checkout", "Off")]))
        #expect(RolloutConfig().assign(page: "home", request: RolloutRequest(deviceID: "d", forcedRelease: .canary))
            == Assignment(template: "home"))
    }

    @Test func raisingThePercentageOnlyAddsDevices() {
        var rng = SeededGenerator(seed: 0x7E11_1500)
        for _ in 0..<300 {
            let p = Int(rng.next() % 10_001), q = Int(rng.next() % 10_001)
            let (low, high) = (min(p, q), max(p, q))
            for _ in 0..<20 {
                let device = String(rng.next(), radix: 36)
                let canary = { (bp: Int) in
                    RolloutConfig(canaries: [.init(page: "home", basisPoints: bp, template: "home.canary", salt: "s")])
                        .assign(page: "home", deviceID: device, forcedVariants: [:], forcedRelease: nil).release
                }
                if canary(low) == .canary { #expect(canary(high) == .canary, "\(device) left at \(high) (in at \(low))") }
            }
        }
    }

    @Test func looksUpExperimentsAndCanariesByName() {
        #expect(Self.config.experiment(named: "checkout")?.variants.first?.name == "Off")
        #expect(Self.config.experiment(named: "Checkout") == nil)
        #expect(Self.config.canary(forPage: "home")?.template == "home.canary")
        #expect(Self.config.canary(forPage: "cart") == nil)
    }

    @Test func checksMinimumVersionsPerPlatform() {
        #expect(Self.config.minVersionSatisfied(nil))
        #expect(Self.config.minVersionSatisfied(ClientVersion(header: "ios/4.0.0")))
        #expect(Self.config.minVersionSatisfied(ClientVersion(header: "ios/4.0.0+build.7")))
        #expect(!Self.config.minVersionSatisfied(ClientVersion(header: "ios/4.0.0-beta")))
        #expect(!Self.config.minVersionSatisfied(ClientVersion(header: "ios/3.9.9")))
        #expect(Self.config.minVersionSatisfied(ClientVersion(header: "android/0.0.1")))
    }

}
