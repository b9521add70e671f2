import Testing
@testable import SDUI

/// What a page forwards with some of its sections served as placeholders, worked out at load
/// for every set a request can get (its `"defer": true` sections with any of its `"auto"` ones),
/// against the same computation made when asked.
@Suite struct DeferredForwardingTests {
    @Test func everySetOfPlaceholdersIsWorkedOutAtLoadAsItWouldBeWhenAsked() throws {
        typealias F = SectionFixtures
        let text = #"{"id":"x","type":"text","data":{"text":"{{recs.title}}"}}"#
        let children = [F.section(name: "a", defer: "true", id: "x", then: text),
                        F.section(name: "b", defer: #""auto""#, id: "y", then: text.replacingOccurrences(of: "\"x\"", with: "\"y\"")),
                        F.section(name: "c", defer: #""auto""#, id: "z", then: text.replacingOccurrences(of: "\"x\"", with: "\"z\"")),
                        F.section(name: "d", defer: "false", id: "w", then: text.replacingOccurrences(of: "\"x\"", with: "\"w\""))]
        let site = try Fixtures.load(F.files("[" + children.joined(separator: ",") + "]"))
        let page = try #require(site.templates["p"])
        #expect(Set(page.deferredForwarding.keys) == [["a"], ["a", "b"], ["a", "c"], ["a", "b", "c"]])
        for (deferred, forwarding) in page.deferredForwarding {
            #expect(forwarding == Site.forwarding(of: page, deferred: deferred, sources: site.sources), "\(deferred)")
            #expect(site.forwarding(of: "p", deferred: deferred) == forwarding)
        }
        #expect(site.forwarding(of: "p", deferred: ["d"]) == Site.forwarding(of: page, deferred: ["d"], sources: site.sources))
    }
}
