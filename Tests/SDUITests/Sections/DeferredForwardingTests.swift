import Testing
@testable import SDUI

/// What a page forwards with some of its sections left unread, worked out at load for every set
/// a request can get (its `"defer": true` sections with any of its `"auto"` ones and of those
/// that may be absent for a client; or, for a client that can't `load`, any of the latter),
/// against the same computation made when asked.
@Suite struct DeferredForwardingTests {
    @Test func everySetOfPlaceholdersIsWorkedOutAtLoadAsItWouldBeWhenAsked() throws {
        typealias F = SectionFixtures
        let text = #"{"id":"x","type":"text","data":{"text":"{{recs.title}}"}}"#
        let children = [F.section(name: "a", defer: "true", id: "x", then: text),
                        F.section(name: "b", defer: #""auto""#, id: "y", then: text.replacingOccurrences(of: "\"x\"", with: "\"y\"")),
                        F.section(name: "c", defer: #""auto""#, id: "z", then: text.replacingOccurrences(of: "\"x\"", with: "\"z\"")),
                        // Required: never taken for absent (`ShowableTypes`), so always read.
                        F.section(name: "d", defer: "false", id: "w",
                                  then: text.replacingOccurrences(of: #""id":"x""#, with: #""id":"w","required":true"#))]
        let site = try Fixtures.load(F.files("[" + children.joined(separator: ",") + "]"))
        let page = try #require(site.templates["p"])
        #expect(Set(page.unreadForwarding.keys) == [["a"], ["a", "b"], ["a", "c"], ["a", "b", "c"], ["b"], ["c"], ["b", "c"]])
        for (deferred, forwarding) in page.unreadForwarding {
            #expect(forwarding == Site.forwarding(of: page, unread: deferred, sources: site.sources), "\(deferred)")
            #expect(site.forwarding(of: "p", unread: deferred) == forwarding)
        }
        #expect(site.forwarding(of: "p", unread: ["d"]) == Site.forwarding(of: page, unread: ["d"], sources: site.sources))
    }
}
