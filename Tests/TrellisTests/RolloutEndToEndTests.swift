import Foundation
import TestSupport
import SDUI
import Testing

/// Experiments and canaries against the running server (SPEC §3), with the assignments the
/// SPEC's formula predicts.
@Suite(.serialized) struct RolloutEndToEndTests {
    /// The variant the SPEC's integer arithmetic gives a bucket.
    static func variant(bucket: Int, weights: [(String, Int)]) -> String {
        let total = weights.reduce(0) { $0 + $1.1 }
        var cumulative = 0
        for (name, weight) in weights {
            cumulative += weight
            if bucket * total < cumulative * 10_000 { return name }
        }
        return weights.last!.0
    }

    @Test func threeHundredDevicesGetTheFormulasAssignments() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        let client = try TestClient(port: server.port)
        for i in 0..<300 {
            let device = "device-\(i)"
            let response = try client.request("/home", headers: [("X-Device-Id", device)])
            let variant = Self.variant(bucket: Bucketing.bucket(salt: "home-hero-2026-11", deviceID: device), weights: [("A", 50), ("B", 50)])
            let canary = Bucketing.bucket(salt: "home-canary-1", deviceID: device) < 1000
            #expect(response.header("X-AB-Variant") == "home-hero=\(variant)", "\(device)")
            #expect(response.header("X-Release") == (canary ? "canary" : "stable"), "\(device)")
        }
        let forced = try client.request("/home", headers: [("X-Device-Id", "device-1"), ("X-AB-Variant", "home-hero=B"), ("X-Release", "canary")])
        #expect(forced.header("X-AB-Variant") == "home-hero=B")
        #expect(forced.header("X-Release") == "canary")
        let product = try client.request("/product/3", headers: [("X-Release", "canary")])
        #expect(product.header("X-Release") == "stable")
        #expect(product.header("X-AB-Variant") == nil)
        server.stop()
    }

    /// SPEC §3.1: an unknown or malformed `X-AB-Variant` entry is ignored, so it never hides a
    /// known variant after it, in one field or in two. device-1 buckets to A.
    @Test func anUnknownForcedVariantDoesNotHideAKnownOneAfterIt() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        let client = try TestClient(port: server.port)
        let forcings: [[(String, String)]] = [
            [("X-AB-Variant", "home-hero=C, home-hero=B")],
            [("X-AB-Variant", "home-hero=b, home-hero=B")],
            [("X-AB-Variant", "home-hero=C"), ("X-AB-Variant", "home-hero=B")],
            [("X-AB-Variant", "home-hero=, home-hero=B")],
            [("X-AB-Variant", "Home-hero=A, home-hero=B, home-hero=A")],
        ]
        for forcing in forcings {
            let response = try client.request("/home", headers: [("X-Client-Version", "ios/5.2.0"), ("X-Device-Id", "device-1")] + forcing)
            #expect(response.status == 200 && response.header("X-AB-Variant") == "home-hero=B", "\(forcing)")
        }
        let bucketed = try client.request("/home", headers: [("X-Device-Id", "device-1"), ("X-AB-Variant", "home-hero=C, home-hero=b")])
        #expect(bucketed.header("X-AB-Variant") == "home-hero=A")
        server.stop()
    }

    @Test func raisingTheCanaryPercentageKeepsEveryEarlierDevice() throws {
        let pages = try TempPages()
        let rollout = try pages.read("rollout.json")
        try pages.write("rollout.json", rollout.replacingOccurrences(of: #""percent": 10"#, with: #""percent": 30"#))
        let server = try ServerProcess(pages: pages.path)
        let devices = (0..<300).map { "d\($0)" }
        func canaryDevices() throws -> Set<String> {
            let client = try TestClient(port: server.port)
            return Set(try devices.filter { try client.request("/home", headers: [("X-Device-Id", $0)]).header("X-Release") == "canary" })
        }
        let at30 = try canaryDevices()
        try pages.write("rollout.json", rollout.replacingOccurrences(of: #""percent": 10"#, with: #""percent": 50"#))
        try server.waitForConfigVersion(2)
        let at50 = try canaryDevices()
        #expect(at30.isSubset(of: at50))
        #expect(at50.count > at30.count)
        #expect((50...130).contains(at30.count) && (110...190).contains(at50.count), "\(at30.count) \(at50.count)")
        server.stop()
    }
}
