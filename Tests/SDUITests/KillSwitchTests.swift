import Testing
@testable import SDUI

/// The kill switch (SPEC §7.2): listed versions can't render a type, so its fallback applies,
/// capabilities or not; the client class tells them apart.
@Suite struct KillSwitchTests {
    static let catalog = Fixtures.catalog.replacingOccurrences(
        of: #""carousel": { "slots": ["items"],"#,
        with: #""carousel": { "disabled": { "ios": ["5.3.0", { "from": "5.4.0", "below": "5.4.2" }] }, "slots": ["items"],"#)
    static let children = #"[{"id":"c","type":"carousel","data":{"items":[{"id":"t","type":"text","data":{"text":"x"}}]}}]"#

    func type(for client: ClientDescriptor) throws -> String {
        let site = try Fixtures.load(Fixtures.page(Self.children, extra: ["catalog.json": Self.catalog]))
        let body = Fixtures.render(site, client: client)
        return body.contains(#""type":"carousel""#) ? "carousel" : body.contains(#""type":"column""#) ? "column" : body
    }

    @Test(arguments: [("ios/5.2.9", "carousel"), ("ios/5.3.0", "column"), ("ios/5.3.0+b7", "column"), ("ios/5.3.1", "carousel"),
                      ("ios/5.4.0-rc.1", "carousel"), ("ios/5.4.0", "column"), ("ios/5.4.1", "column"), ("ios/5.4.2", "carousel"),
                      ("android/5.3.0", "carousel")])
    func listedVersionsGetTheFallback(_ client: String, _ expected: String) throws {
        #expect(try type(for: Fixtures.client(client)) == expected)
    }

    @Test func capabilitiesDoNotOverrideTheKillSwitch() throws {
        let names: Set<String> = ["page", "carousel", "column", "text"]
        #expect(try type(for: .capabilities(names, version: ClientVersion(header: "ios/5.3.0")!)) == "column")
        #expect(try type(for: .capabilities(names, version: ClientVersion(header: "ios/5.3.1")!)) == "carousel")
        #expect(try type(for: .capabilities(names, version: nil)) == "carousel")
    }

    @Test func disabledVersionsAreTheirOwnClientClass() throws {
        let site = try Fixtures.load(Fixtures.page(Self.children, extra: ["catalog.json": Self.catalog]))
        #expect(site.clientClass(for: Fixtures.client("ios/5.3.0")) != site.clientClass(for: Fixtures.client("ios/5.3.1")))
        #expect(site.clientClass(for: Fixtures.client("ios/5.3.1")) == site.clientClass(for: Fixtures.client("ios/5.2.0")))
    }

    @Test func malformedListsAreValidationErrors() {
        let bad = Fixtures.catalog.replacingOccurrences(
            of: #""divider": {},"#, with: #""divider": { "disabled": { "ios": ["5", { "from": "2.0.0", "below": "1.0.0" }], "tv": [] } },"#)
        #expect(Fixtures.problems(Fixtures.page("[]", extra: ["catalog.json": bad])) == [
            #"catalog.json:$.components.divider.disabled.ios[0]: invalid version "5" (SemVer MAJOR.MINOR.PATCH)"#,
            #"catalog.json:$.components.divider.disabled.ios[1]: an empty range: "from" must be below "below""#,
            #"catalog.json:$.components.divider.disabled.tv: unknown platform "tv" (ios, android, web)"#,
        ])
    }
}
