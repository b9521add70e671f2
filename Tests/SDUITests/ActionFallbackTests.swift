import Testing

@testable import SDUI

/// SPEC §14 on actions, both ways of assembly (`StreamingAssemblyTests.expectAlike`): an
/// action's own `fallback` is never served, and wins over its type's for a client that can't
/// perform it; a required action field left with no action the client performs makes its
/// component take its fallback chain (counted in `X-Fallbacks`), not vanish.
@Suite struct ActionFallbackTests {
    static let catalog = """
    { "components": {
        "page": { "slots": ["children"] },
        "text": { "required": ["text"] },
        "tile": { "required": ["action"], "fields": { "action": { "type": "action" }, "more": { "type": "action" } },
                  "fallback": { "type": "text", "data": { "text": "{{title}}" } } }
      },
      "actions": {
        "navigate": { "required": ["url"] },
        "share": { "required": ["url"], "since": { "ios": "5.1.0" } }
    } }
    """

    static func site(_ children: String) throws -> Site {
        try Fixtures.load(Fixtures.page(children, data: #"{"d":{"source":"s","key":"d"}}"#, extra: ["catalog.json": catalog]))
    }

    static let data = ["d": Fixtures.json(#"{"url":"https://x/1","act":{"type":"share","url":"b","fallback":{"type":"navigate","url":"own"}}}"#)]

    static func body(_ site: Site, _ client: ClientDescriptor) -> RenderedPage? {
        StreamingAssemblyTests.expectAlike(site, "p", data: data, client: client)
    }

    @Test func anActionsOwnFallbackIsNeverServed() throws {
        let site = try Self.site(#"""
        [{"id":"lit","type":"tile","data":{"title":"L","action":{"type":"share","url":"u","fallback":{"type":"navigate","url":"n"}}}},
         {"id":"null","type":"tile","data":{"title":"N","action":{"type":"share","url":"u","fallback":null}}},
         {"id":"bound","type":"tile","data":{"title":"B","action":{"type":"share","url":"{{d.url}}","fallback":{"type":"navigate","url":"{{url}}"}}}},
         {"id":"data","type":"tile","data":{"title":"D","action":"{{d.act}}","more":[{"type":"navigate","url":"m","fallback":null}]}}]
        """#)
        let page = try #require(Self.body(site, Fixtures.client("ios/6.0.0")))
        #expect(String(decoding: page.body, as: UTF8.self) == #"{"id":"p","type":"page","data":{"children":["#
            + #"{"id":"lit","type":"tile","data":{"title":"L","action":{"type":"share","url":"u"}}},"#
            + #"{"id":"null","type":"tile","data":{"title":"N","action":{"type":"share","url":"u"}}},"#
            + #"{"id":"bound","type":"tile","data":{"title":"B","action":{"type":"share","url":"https://x/1"}}},"#
            + #"{"id":"data","type":"tile","data":{"title":"D","action":{"type":"share","url":"b"},"more":[{"type":"navigate","url":"m"}]}}]}}"#)
        #expect(page.fallbacks == 0 && page.actionFallbackTypes.isEmpty)
    }

    /// The own fallback is evaluated against the action's own fields (`{{url}}`), as the
    /// catalog's are; `null` drops the action, and a required one makes its tile fall back.
    @Test func anActionsOwnFallbackWinsForAClientThatCannotPerformIt() throws {
        let site = try Self.site(#"""
        [{"id":"bound","type":"tile","data":{"title":"B","action":{"type":"share","url":"{{d.url}}","fallback":{"type":"navigate","url":"app://{{url}}"}}}},
         {"id":"data","type":"tile","data":{"title":"D","action":"{{d.act}}"}},
         {"id":"null","type":"tile","data":{"title":"N","action":{"type":"navigate","url":"u"},"more":{"type":"share","url":"u","fallback":null}}}]
        """#)
        let page = try #require(Self.body(site, Fixtures.client("ios/5.0.0")))
        #expect(String(decoding: page.body, as: UTF8.self) == #"{"id":"p","type":"page","data":{"children":["#
            + #"{"id":"bound","type":"tile","data":{"title":"B","action":{"type":"navigate","url":"app://https://x/1"}}},"#
            + #"{"id":"data","type":"tile","data":{"title":"D","action":{"type":"navigate","url":"own"}}},"#
            + #"{"id":"null","type":"tile","data":{"title":"N","action":{"type":"navigate","url":"u"}}}]}}"#)
        #expect(page.actionFallbackTypes == ["share": 3] && page.fallbacks == 0)
    }

    @Test func aRequiredActionFieldWithNoPerformableActionTakesTheComponentsFallback() throws {
        let site = try Self.site(#"""
        [{"id":"t","type":"tile","data":{"title":"Share it","action":{"type":"share","url":"u"}}},
         {"id":"gone","type":"tile","data":{"title":"Unknown","action":{"type":"{{d.missing}}","url":"u"}}}]
        """#)
        let expected = #"{"id":"p","type":"page","data":{"children":[{"id":"t","type":"text","data":{"text":"Share it"}}]}}"#
        let capabilities = ClientDescriptor.capabilities(["page", "tile", "text", "navigate"], version: nil)
        for client in [Fixtures.client("ios/5.0.0"), Fixtures.client("android/9.0.0"), capabilities] {
            let page = try #require(Self.body(site, client))
            #expect(String(decoding: page.body, as: UTF8.self) == expected, "\(client)")
            // The tile that lost its action is a fallback; the one whose action has no type is a data-driven drop.
            #expect(page.fallbacks == 1 && page.fallbackTypes == ["tile": 1], "\(client)")
        }
        let performs = try #require(Self.body(site, Fixtures.client("ios/5.1.0")))
        #expect(String(decoding: performs.body, as: UTF8.self).contains(#"{"id":"t","type":"tile","data":{"title":"Share it","action":{"type":"share","url":"u"}}}"#))
    }

    @Test func aRequiredComponentWhoseActionNoFallbackSavesIsAnUpgrade() throws {
        let site = try Self.site(#"[{"id":"t","type":"tile","required":true,"fallback":null,"data":{"title":"T","action":{"type":"share","url":"u"}}}]"#)
        #expect(Self.body(site, Fixtures.client("ios/5.0.0")) == nil)
        #expect(Self.body(site, Fixtures.client("ios/5.1.0")) != nil)
    }

    @Test func theExplanationNamesTheActionField() throws {
        let site = try Self.site(#"[{"id":"t","type":"tile","data":{"title":"T","action":{"type":"share","url":"u"}}}]"#)
        let page = try #require(Self.body(site, Fixtures.client("ios/5.0.0")))
        #expect(page.fallbackRecords.map(\.line) == [#"$.data.children[0] (id t) tile -> text (no action it performs in "action")"#])
    }

    @Test func anActionsOwnFallbackIsValidated() {
        let files = Fixtures.page(#"""
        [{"id":"a","type":"tile","data":{"action":{"type":"navigate","url":"u","fallback":{"type":"fly"}}}},
         {"id":"b","type":"tile","data":{"action":{"type":"navigate","url":"u","fallback":"x"}}}]
        """#, extra: ["catalog.json": Self.catalog])
        #expect(Fixtures.problems(files) == [
            #"pages/p.json:$.root.data.children[0].data.action.fallback.type: unknown action type "fly""#,
            #"pages/p.json:$.root.data.children[1].data.action.fallback: an action's fallback is an action object or null"#,
        ])
    }
}
