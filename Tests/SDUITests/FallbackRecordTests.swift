import Testing
import TestSupport
@testable import SDUI

/// The fallback records behind `render --explain` and the preview (SPEC §8.2): each replaced
/// or dropped component's path in the served body, its id, both types and the reason.
@Suite struct FallbackRecordTests {
    func records(_ client: ClientDescriptor, children: String = NegotiationTests.children) throws -> [String] {
        let site = try Fixtures.load(Fixtures.page(children))
        guard case .page(let page) = site.render(template: "p", params: [:], data: [:], client: site.clientClass(for: client),
                                                 variants: [:], at: TestInstant.date, explain: true)
        else { return ["UPGRADE"] }
        return page.fallbackRecords.map(\.line)
    }

    @Test func oldClientGetsAPathAnIdAndAReasonPerReplacedOrDroppedComponent() throws {
        #expect(try records(Fixtures.client("ios/1.0.0")) == [
            "$.data.children[0] (id c) carousel -> column (ios/1.0.0 < since 5.0.0)",
            "$.data.children[0].data.elements[0] (id i1) image -> text (ios/1.0.0 < since 2.0.0)",
            "$.data.children[0].data.elements[1] (id i2) image dropped (ios/1.0.0 < since 2.0.0)",
        ])
    }

    @Test func pathsCountServedElementsSoADropTakesTheNextOnesPlace() throws {
        let children = #"[{"id":"r","type":"rating","data":{"value":4}},{"id":"t","type":"text","data":{"text":"x"}},{"id":"r2","type":"rating","data":{"value":5}}]"#
        #expect(try records(Fixtures.client("ios/5.0.0"), children: children) == [
            "$.data.children[0] (id r) rating dropped (ios/5.0.0 < since 6.0.0)",
            "$.data.children[1] (id r2) rating dropped (ios/5.0.0 < since 6.0.0)",
        ])
        #expect(try records(Fixtures.client("android/9.0.0"), children: children).first
            == "$.data.children[0] (id r) rating dropped (android/9.0.0: no since for android)")
    }

    @Test func unknownClientsAndCapabilitiesSayWhy() throws {
        #expect(try records(.unknown).first == "$.data.children[0] (id c) carousel -> column (no client version)")
        let caps = ClientDescriptor.capabilities(["page", "column", "text", "button"], version: nil)
        #expect(try records(caps).first == "$.data.children[0] (id c) carousel -> column (not in capabilities)")
    }

    @Test func nothingIsRecordedUnlessAsked() throws {
        let page = try #require(Fixtures.renderPage(try Fixtures.load(Fixtures.page(NegotiationTests.children)),
                                                    client: Fixtures.client("ios/1.0.0")))
        #expect(page.fallbacks == 3)
        #expect(page.fallbackRecords.isEmpty)
    }

    @Test func aKillSwitchSaysDisabledEvenOverCapabilities() throws {
        let catalog = Fixtures.catalog.replacingOccurrences(
            of: #""carousel": { "slots": ["items"],"#, with: #""carousel": { "slots": ["items"], "disabled": { "ios": ["5.3.0"] },"#)
        let site = try Fixtures.load(Fixtures.page(NegotiationTests.children, extra: ["catalog.json": catalog]))
        for client in [Fixtures.client("ios/5.3.0"),
                       ClientDescriptor.capabilities(["page", "column", "carousel", "image", "text", "button"],
                                                     version: ClientVersion(header: "ios/5.3.0"))] {
            guard case .page(let page) = site.render(template: "p", params: [:], data: [:], client: site.clientClass(for: client),
                                                     variants: [:], at: TestInstant.date, explain: true) else { throw TestFailure() }
            #expect(page.fallbackRecords.first?.line == "$.data.children[0] (id c) carousel -> column (disabled for ios/5.3.0)")
        }
    }
}

/// A test that could not go on.
struct TestFailure: Error {}
