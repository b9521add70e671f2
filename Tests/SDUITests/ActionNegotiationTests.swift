import Testing
@testable import SDUI

/// Actions negotiated like components (SPEC §7.4, §7.2): since, disabled, fallback chains,
/// drops, capabilities naming action types, and the counts behind
/// `trellis_action_fallbacks_total{type}`.
@Suite struct ActionNegotiationTests {
    static let catalog = """
    { "components": {
        "page": { "slots": ["children"] },
        "button": { "required": ["title", "action"], "fields": { "action": { "type": "action" }, "more": { "type": "action" } } },
        "text": { "required": ["text"] }
      },
      "actions": {
        "navigate": { "required": ["url"] },
        "share": { "required": ["url"], "since": { "ios": "5.1.0", "web": "1.0.0" },
                   "disabled": { "ios": [{ "from": "5.4.0", "below": "5.4.2" }] },
                   "fallback": { "type": "copy", "text": "{{url}}" } },
        "copy": { "required": ["text"], "since": { "ios": "5.0.0" }, "fallback": { "type": "navigate", "url": "app://copy?{{text}}" } },
        "pay": { "since": { "ios": "6.0.0" }, "fallback": null }
    } }
    """

    static let children = #"""
    [{"id":"s","type":"button","data":{"title":"Share","action":{"type":"share","url":"https://x/1"}}},
     {"id":"pay","type":"button","data":{"title":"Pay","action":{"type":"pay"}}},
     {"id":"m","type":"button","data":{"title":"Many","action":{"type":"navigate","url":"app://a"},
       "more":[{"type":"pay"},{"type":"share","url":"u"}]}}]
    """#

    func render(_ client: ClientDescriptor) throws -> (String, [String: Int]) {
        let site = try Fixtures.load(Fixtures.page(Self.children, extra: ["catalog.json": Self.catalog]))
        let page = try #require(Fixtures.renderPage(site, client: client))
        return (String(decoding: page.body, as: UTF8.self), page.actionFallbackTypes)
    }

    static func body(share: String, pay: Bool, more: String) -> String {
        #"{"id":"p","type":"page","data":{"children":[{"id":"s","type":"button","data":{"title":"Share","action":\#(share)}},"#
            + (pay ? #"{"id":"pay","type":"button","data":{"title":"Pay","action":{"type":"pay"}}},"# : "")
            + #"{"id":"m","type":"button","data":{"title":"Many","action":{"type":"navigate","url":"app://a"}"#
            + (more.isEmpty ? "" : #","more":\#(more)"#) + "}}]}}"
    }

    @Test func aNewClientKeepsEveryAction() throws {
        let (body, counts) = try render(Fixtures.client("ios/6.0.0"))
        #expect(body == Self.body(share: #"{"type":"share","url":"https://x/1"}"#, pay: true,
                                  more: #"[{"type":"pay"},{"type":"share","url":"u"}]"#))
        #expect(counts.isEmpty)
    }

    @Test func anOlderClientGetsTheChainAndDropsAndEachIsCounted() throws {
        // ios/5.0.0: share → copy (performs copy); pay dropped (its button's required action
        // disappears, so the button drops); in the array, pay dropped and share → copy.
        let (body, counts) = try render(Fixtures.client("ios/5.0.0"))
        #expect(body == Self.body(share: #"{"type":"copy","text":"https://x/1"}"#, pay: false, more: #"[{"type":"copy","text":"u"}]"#))
        #expect(counts == ["share": 2, "pay": 2])
        // ios/4.0.0: share → copy → navigate (a chain of two); the array keeps only what is left.
        let (older, olderCounts) = try render(Fixtures.client("ios/4.0.0"))
        #expect(older == Self.body(share: #"{"type":"navigate","url":"app://copy?https://x/1"}"#, pay: false,
                                   more: #"[{"type":"navigate","url":"app://copy?u"}]"#))
        #expect(olderCounts == ["share": 2, "pay": 2])
    }

    /// A bound action is negotiated from its evaluated members (its JSON is built only when it
    /// is not kept): its bound type names the action, and a required field whose binding has no
    /// value is missing, so the action goes, and with it its button.
    @Test func boundActionsAreNegotiatedByTheirEvaluatedMembers() throws {
        let children = #"""
        [{"id":"kept","type":"button","data":{"title":"K","action":{"type":"share","url":"{{d.url}}"}}},
         {"id":"typed","type":"button","data":{"title":"T","action":{"type":"{{d.type}}","url":"{{d.url}}"}}},
         {"id":"unknown","type":"button","data":{"title":"U","action":{"type":"{{d.unknown}}","url":"{{d.url}}"}}},
         {"id":"lacking","type":"button","data":{"title":"L","action":{"type":"navigate","url":"{{d.missing}}"}}},
         {"id":"older","type":"button","data":{"title":"O","more":{"type":"share","url":"{{d.url}}"},"action":{"type":"navigate","url":"a"}}}]
        """#
        let site = try Fixtures.load(Fixtures.page(children, data: #"{"d":{"source":"s","key":"d"}}"#,
                                                   extra: ["catalog.json": Self.catalog]))
        let data = ["d": Fixtures.json(#"{"url":"https://x/2","type":"navigate","unknown":"teleport"}"#)]
        let new = try #require(Fixtures.renderPage(site, data: data, client: Fixtures.client("ios/6.0.0")))
        let body = String(decoding: new.body, as: UTF8.self)
        #expect(body.contains(#""id":"kept","type":"button","data":{"title":"K","action":{"type":"share","url":"https://x/2"}}"#))
        #expect(body.contains(#""action":{"type":"navigate","url":"https://x/2"}"#))
        #expect(!body.contains(#""id":"unknown""#) && !body.contains(#""id":"lacking""#))
        #expect(new.actionFallbackTypes.isEmpty)
        // ios/4.0.0 performs neither share nor copy: the bound share is replaced by the chain's end.
        let old = try #require(Fixtures.renderPage(site, data: data, client: Fixtures.client("ios/4.0.0")))
        #expect(String(decoding: old.body, as: UTF8.self).contains(#""more":{"type":"navigate","url":"app://copy?https://x/2"}"#))
        #expect(old.actionFallbackTypes == ["share": 2])
    }

    @Test func aPlatformMissingFromSinceWithNoRenderableFallbackLosesTheField() throws {
        // android knows none of share, copy or pay: only navigate, and share's chain ends in it.
        let (body, _) = try render(Fixtures.client("android/9.0.0"))
        #expect(body.contains(#""action":{"type":"navigate","url":"app://copy?https://x/1"}"#))
        #expect(!body.contains(#""type":"pay""#))
    }

    @Test func theKillSwitchDisablesAnActionForListedVersionsEvenWithCapabilities() throws {
        let (killed, counts) = try render(Fixtures.client("ios/5.4.1"))
        #expect(killed.contains(#""action":{"type":"copy","text":"https://x/1"}"#) && counts["share"] == 2)
        let (fixed, _) = try render(Fixtures.client("ios/5.4.2"))
        #expect(fixed.contains(#""action":{"type":"share","url":"https://x/1"}"#))
        let capable = ClientDescriptor.capabilities(["page", "button", "share", "navigate"], version: ClientVersion(header: "ios/5.4.1")!)
        #expect(try render(capable).0.contains(#""action":{"type":"navigate","url":"app://copy?https://x/1"}"#))
    }

    @Test func capabilitiesNamingActionsDecideThemAndOthersFollowTheVersion() throws {
        let named = ClientDescriptor.capabilities(["page", "button", "pay", "navigate"], version: nil)
        let (body, _) = try render(named)
        #expect(body.contains(#"{"id":"pay","type":"button","data":{"title":"Pay","action":{"type":"pay"}}}"#))
        #expect(body.contains(#""action":{"type":"navigate","url":"app://copy?https://x/1"}"#))
        let unnamed = ClientDescriptor.capabilities(["page", "button"], version: ClientVersion(header: "ios/6.0.0")!)
        #expect(try render(unnamed).0.contains(#""type":"share""#))
    }

    @Test func literalActionsAreValidatedAgainstTheActionCatalog() {
        let files = Fixtures.page(#"""
        [{"id":"a","type":"button","data":{"title":"t","action":{"type":"fly"}}},
         {"id":"b","type":"button","data":{"title":"t","action":{"type":"share"}}}]
        """#, extra: ["catalog.json": Self.catalog])
        #expect(Fixtures.problems(files) == [
            #"pages/p.json:$.root.data.children[0].data.action.type: unknown action type "fly""#,
            #"pages/p.json:$.root.data.children[1].data.action: missing required field "url" of action "share""#,
        ])
    }

    @Test func actionFallbackCyclesAndUnknownTypesAreValidationErrors() {
        let cyclic = #"{ "components": { "page": { "slots": ["children"] } }, "actions": {"#
            + #""a": { "since": { "ios": "2.0.0" }, "fallback": { "type": "b" } }, "b": { "fallback": { "type": "a" } },"#
            + #""c": { "fallback": { "type": "zzz" } } } }"#
        let problems = Fixtures.problems(Fixtures.page("[]", extra: ["catalog.json": cyclic]))
        #expect(problems.contains("catalog.json:$.actions.a.fallback: fallback cycle: a → b → a"))
        #expect(problems.contains(#"catalog.json:$.actions.c.fallback.type: unknown action type "zzz""#))
    }

    @Test func withoutAnActionsCatalogActionFieldsStayOpaque() throws {
        let catalog = #"{ "components": { "page": { "slots": ["children"] }, "b": { "fields": { "action": { "type": "action" } } } } }"#
        let site = try Fixtures.load(Fixtures.page(#"[{"id":"x","type":"b","data":{"action":{"type":"anything","k":1}}}]"#,
                                                   extra: ["catalog.json": catalog]))
        #expect(Fixtures.render(site, client: .unknown).contains(#""action":{"type":"anything","k":1}"#))
    }
}
