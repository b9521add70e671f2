import Testing
@testable import SDUI

@Suite struct RolloutRequestTests {
    @Test(arguments: ["7f3c9a", "a", String(repeating: "x", count: 128), "!~#$%&'()*+,-./:;<=>?@[]^_`{|}"])
    func acceptsVisibleASCIIDeviceIDs(id: String) throws {
        let request = try RolloutRequest(deviceIDHeader: id, variantHeader: nil, releaseHeader: nil)
        #expect(request.deviceID == id)
    }

    @Test(arguments: ["", " ", "a b", "abc\t", String(repeating: "x", count: 129), "café", "a\u{7F}", "a, b"])
    func rejectsBadDeviceIDs(id: String) {
        #expect(throws: RolloutRequestError.badDeviceID) {
            try RolloutRequest(deviceIDHeader: id, variantHeader: nil, releaseHeader: nil)
        }
        #expect(RolloutRequestError.badDeviceID.code == "bad_device_id")
    }

    @Test func absentHeadersForceNothing() throws {
        #expect(try RolloutRequest(deviceIDHeader: nil, variantHeader: nil, releaseHeader: nil) == RolloutRequest())
    }

    @Test func parsesForcedVariantsWithOptionalWhitespace() {
        #expect(RolloutRequest.forcedVariants(header: "home-hero=B, checkout=A") == ["home-hero": ["B"], "checkout": ["A"]])
        #expect(RolloutRequest.forcedVariants(header: " home-hero = B ,\tcheckout=A\t") == ["home-hero": ["B"], "checkout": ["A"]])
        #expect(RolloutRequest.forcedVariants(header: "home-hero=B,checkout=A") == ["home-hero": ["B"], "checkout": ["A"]])
    }

    /// Malformed items go; a repeated experiment keeps every variant in order, since only
    /// rollout.json can say which of them is unknown (and so ignored, SPEC §3.1).
    @Test func ignoresMalformedItemsAndKeepsEveryDuplicateInOrder() {
        let header = "garbage, =B, x=, a=b=c, , home-hero=C, home-hero=B, home-hero=A, Checkout=a"
        #expect(RolloutRequest.forcedVariants(header: header) == ["home-hero": ["C", "B", "A"], "Checkout": ["a"]])
        #expect(RolloutRequest.forcedVariants(header: "").isEmpty)
    }

    @Test func parsesReleaseExactlyAndIgnoresOtherValues() throws {
        #expect(Release(header: "canary") == .canary)
        #expect(Release(header: " stable ") == .stable)
        for other in ["Canary", "CANARY", "beta", "", "canary, stable"] {
            #expect(Release(header: other) == nil)
        }
        let request = try RolloutRequest(deviceIDHeader: "d", variantHeader: "home-hero=B", releaseHeader: "beta")
        #expect(request == RolloutRequest(deviceID: "d", forcedVariants: ["home-hero": ["B"]], forcedRelease: nil))
    }
}
