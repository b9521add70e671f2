import Testing
@testable import SDUI

/// Directives and binding rules (SPEC §2.2), checked on exact output bytes.
@Suite struct TemplateTests {
    static let entries = #"{"x":{"source":"s","key":"x"}}"#

    /// Renders children with the entry `x` bound to `value` (nil: no value).
    func render(_ children: String, x: String?, variants: [String: String] = [:], extra: [String: String] = [:]) throws -> String {
        let site = try Fixtures.load(Fixtures.page(children, data: Self.entries, extra: extra))
        return Fixtures.render(site, data: x.map { ["x": Fixtures.json($0)] } ?? [:], variants: variants)
    }

    func page(_ children: String) -> String { #"{"id":"p","type":"page","data":{"children":\#(children)}}"# }

    @Test func outputKeysAreIdTypeDataCompactAndDataKeepsAuthorOrder() throws {
        let out = try render(#"[{"data":{"z":1,"text":"hi","a":[1.0, true]},"type":"text","id":"t"}]"#, x: nil)
        #expect(out == page(#"[{"id":"t","type":"text","data":{"z":1,"text":"hi","a":[1.0,true]}}]"#))
    }

    @Test func wholeValueBindingKeepsItsJSONType() throws {
        let out = try render(#"[{"id":"t","type":"text","data":{"text":"{{x.s}}","n":"{{x.n}}","b":"{{x.b}}","o":"{{x.o}}","z":"{{ x.z }}"}}]"#,
                             x: #"{"s":"str","n":42,"b":false,"o":{"k":[1,2]},"z":null}"#)
        #expect(out == page(#"[{"id":"t","type":"text","data":{"text":"str","n":42,"b":false,"o":{"k":[1,2]},"z":null}}]"#))
    }

    @Test func mixedStringsPrintIntegersBooleansAndStringsRaw() throws {
        let out = try render(#"[{"id":"t-{{x.n}}","type":"text","data":{"text":"{{x.s}} x{{x.n}} {{x.b}} \"q\""}}]"#,
                             x: #"{"s":"a/é","n":3,"b":true}"#)
        #expect(out == page(#"[{"id":"t-3","type":"text","data":{"text":"a/é x3 true \"q\""}}]"#))
    }

    @Test func aBindingWithNoValueMakesItsKeyDisappear() throws {
        // `nope`: a data entry that has no value for this request.
        let children = #"[{"id":"t","type":"text","data":{"text":"ok","a":"{{x.missing}}","b":"pre {{x.missing}}","c":{"d":"{{nope}}"},"e":["{{x.missing}}",1]}}]"#
        let site = try Fixtures.load(Fixtures.page(children, data: #"{"x":{"source":"s","key":"x"},"nope":{"source":"s","key":"n"}}"#))
        let out = Fixtures.render(site, data: ["x": Fixtures.json("{}")])
        #expect(out == page(#"[{"id":"t","type":"text","data":{"text":"ok","c":{},"e":[1]}}]"#))
    }

    @Test func aComponentWhoseRequiredFieldDisappearsIsDroppedAndNotCounted() throws {
        let site = try Fixtures.load(Fixtures.page(#"[{"id":"t","type":"text","data":{"text":"{{x.title}}"}},{"id":"d","type":"divider","data":{}}]"#, data: Self.entries))
        let page = try #require(Fixtures.renderPage(site, data: [:]))
        #expect(String(decoding: page.body, as: UTF8.self) == self.page(#"[{"id":"d","type":"divider","data":{}}]"#))
        #expect(page.fallbacks == 0)
    }

    @Test func eachSplicesItemsWithOuterBindingsVisible() throws {
        let out = try render(#"[{"id":"head","type":"divider","data":{}},{"$each":"x.items","as":"item","template":{"id":"i-{{item.id}}","type":"text","data":{"text":"{{item.t}} of {{x.name}}"}}},{"id":"tail","type":"divider","data":{}}]"#,
                             x: #"{"name":"L","items":[{"id":1,"t":"a"},{"id":2,"t":"b"}]}"#)
        #expect(out == page(#"[{"id":"head","type":"divider","data":{}},{"id":"i-1","type":"text","data":{"text":"a of L"}},{"id":"i-2","type":"text","data":{"text":"b of L"}},{"id":"tail","type":"divider","data":{}}]"#))
    }

    @Test func eachOverMissingOrNonArrayYieldsNothingAndWorksOnPlainData() throws {
        let each = #"{"$each":"x.items","as":"c","template":{"label":"{{c}}"}}"#
        #expect(try render(#"[{"id":"t","type":"text","data":{"text":"t","chips":[\#(each)]}}]"#, x: #"{"items":["a","b"]}"#)
            == page(#"[{"id":"t","type":"text","data":{"text":"t","chips":[{"label":"a"},{"label":"b"}]}}]"#))
        #expect(try render(#"[{"id":"t","type":"text","data":{"text":"t","chips":[\#(each)]}}]"#, x: #"{"items":"no"}"#)
            == page(#"[{"id":"t","type":"text","data":{"text":"t","chips":[]}}]"#))
    }

    @Test(arguments: [
        (#"false"#, "then"), (#""""#, "then"), (#"[]"#, "then"), (#"0"#, "then"), (#"null"#, "else"), (nil, "else"),
    ] as [(String?, String)])
    func ifIsTrueWhenPresentAndNotNull(value: String?, expected: String) throws {
        let x = value.map { #"{"v":\#($0)}"# } ?? "{}"
        let out = try render(#"[{"$if":"x.v","then":{"id":"then","type":"divider"},"else":{"id":"else","type":"divider"}}]"#, x: x)
        #expect(out == page(#"[{"id":"\#(expected)","type":"divider","data":{}}]"#))
    }

    @Test func ifWithoutElseAndMissingBindingLeavesNothing() throws {
        #expect(try render(#"[{"$if":"x","then":{"id":"a","type":"divider"}}]"#, x: nil) == page("[]"))
    }

    @Test func variantChoosesByRequestElseTheFirstListed() throws {
        let rollout = ["rollout.json": #"{"experiments":[{"name":"exp","pages":["p"],"salt":"s","variants":[{"name":"B","weight":1},{"name":"A","weight":1}]}]}"#]
        let children = #"[{"$variant":"exp","A":{"id":"a","type":"divider"},"B":{"id":"b","type":"divider"}}]"#
        #expect(try render(children, x: nil, variants: ["exp": "A"], extra: rollout) == page(#"[{"id":"a","type":"divider","data":{}}]"#))
        #expect(try render(children, x: nil, variants: [:], extra: rollout) == page(#"[{"id":"b","type":"divider","data":{}}]"#))
        #expect(try render(children, x: nil, variants: ["exp": "C"], extra: rollout) == page(#"[{"id":"b","type":"divider","data":{}}]"#))
    }

    @Test func aVariantWithoutABranchFallsToTheFirstListedInTheExperiment() throws {
        let rollout = #"{"experiments":[{"name":"exp","pages":["p"],"salt":"s","variants":[{"name":"A","weight":1},{"name":"B","weight":1},{"name":"C","weight":0}]}]}"#
        let children = #"[{"$variant":"exp","B":{"id":"b","type":"divider"},"A":{"id":"a","type":"divider"}}]"#
        let out = try render(children, x: nil, variants: ["exp": "C"], extra: ["rollout.json": rollout])
        #expect(out == page(#"[{"id":"a","type":"divider","data":{}}]"#))
        #expect(try render(children, x: nil, variants: ["exp": "B"], extra: ["rollout.json": rollout]) == page(#"[{"id":"b","type":"divider","data":{}}]"#))
    }

    @Test func idsStayUniqueWhenDataRepeatsThemAndTheFirstWins() throws {
        let children = #"[{"id":"li-x","type":"text","data":{"text":"literal"}},{"$each":"x.items","as":"it","template":{"id":"li-{{it.id}}","type":"text","data":{"text":"{{it.t}}"}}}]"#
        let out = try render(children, x: #"{"items":[{"id":"a","t":"1"},{"id":"a","t":"2"},{"id":"x","t":"3"},{"id":"b","t":"4"}]}"#)
        #expect(out == page(#"[{"id":"li-x","type":"text","data":{"text":"literal"}},{"id":"li-a","type":"text","data":{"text":"1"}},{"id":"li-b","type":"text","data":{"text":"4"}}]"#))
    }

    /// Literal ids are marked served as bits, 64 to a word: past the first word, a bound id equal
    /// to a literal one and a literal id repeated by `$each` are still dropped, the first winning.
    @Test func idsStayUniqueBeyondTheFirst64LiteralIds() throws {
        let dividers = (0..<70).map { #"{"id":"d\#($0)","type":"divider"}"# }
        let repeated = #"{"$each":"x.items","as":"it","template":{"id":"d{{it.n}}","type":"text","data":{"text":"{{it.n}}"}}}"#
        let literalInEach = #"{"$each":"x.items","as":"it","template":{"id":"dup","type":"text","data":{"text":"dup {{it.n}}"}}}"#
        let children = "[" + (dividers + [repeated, literalInEach]).joined(separator: ",") + "]"
        let out = try render(children, x: #"{"items":[{"n":"69"},{"n":"70"},{"n":"3"}]}"#)
        let expected = (0..<70).map { #"{"id":"d\#($0)","type":"divider","data":{}}"# }
            + [#"{"id":"d70","type":"text","data":{"text":"70"}}"#, #"{"id":"dup","type":"text","data":{"text":"dup 69"}}"#]
        #expect(out == page("[" + expected.joined(separator: ",") + "]"))
    }

    @Test func onlyPagesThatCanRepeatIdsPayForTheCheck() throws {
        func checks(_ children: String) throws -> Bool? {
            try Fixtures.load(Fixtures.page(children, data: Self.entries)).templates["p"]?.checksIDs
        }
        #expect(try checks(#"[{"id":"a","type":"divider"},{"id":"b","type":"text","data":{"text":"{{x.t}}"}}]"#) == false)
        #expect(try checks(#"[{"$each":"x.items","as":"it","template":{"id":"c","type":"divider"}}]"#) == true)
        #expect(try checks(#"[{"id":"i-{{x.id}}","type":"divider"}]"#) == true)
        #expect(try checks(#"[{"id":"img","type":"image","data":{"url":"u","alt":"a"}}]"#) == true)  // has a catalog fallback
    }

    @Test func includeInlinesAnObjectFragmentAndSplicesAnArrayFragment() throws {
        let extra = ["fragments/one.json": #"{"id":"one","type":"text","data":{"text":"{{x.t}}"}}"#,
                     "fragments/two.json": #"[{"id":"two-a","type":"divider"},{"$include":"one"}]"#]
        let out = try render(#"[{"$include":"two"},{"id":"end","type":"divider"}]"#, x: #"{"t":"T"}"#, extra: extra)
        #expect(out == page(#"[{"id":"two-a","type":"divider","data":{}},{"id":"one","type":"text","data":{"text":"T"}},{"id":"end","type":"divider","data":{}}]"#))
    }

    @Test func directivesAndFallbackMarkersNeverReachTheBody() throws {
        let out = try render(#"[{"id":"b","type":"button","required":true,"fallback":null,"data":{"title":"T","action":{"k":1}}}]"#, x: nil)
        #expect(out == page(#"[{"id":"b","type":"button","data":{"title":"T","action":{"k":1}}}]"#))
    }

    @Test func routeParamsAreBoundAsParams() throws {
        var files = Fixtures.page("[]")
        files["pages/q.json"] = Array(##"{"route":"/q/:id","root":{"id":"q","type":"page","data":{"title":"#{{params.id}}","children":[]}}}"##.utf8)
        let site = try Fixtures.load(files)
        let match = try #require(site.match(path: "/q/42"))
        #expect(Fixtures.render(site, match.page, params: match.params) == ##"{"id":"q","type":"page","data":{"title":"#42","children":[]}}"##)
    }

    @Test func dataRequestsResolveKeysAndTakeTheSmallerTimeout() throws {
        let data = #"{"a":{"source":"u","key":"k-{{params.id}}","timeoutMs":200},"b":{"source":"u","key":"x","timeoutMs":50,"required":true},"c":{"source":"s","key":"{{params.id}}"}}"#
        var files = Fixtures.page("[]", data: #"{"x":{"source":"s","key":"x"}}"#)
        files["pages/q.json"] = Array(#"{"route":"/q/:id","data":\#(data),"root":{"id":"q","type":"page","data":{"children":[]}}}"#.utf8)
        files["data/s.json"] = Array(#"{"7":{"v":1}}"#.utf8)
        let site = try Fixtures.load(files)
        let requests = site.dataRequests(for: try #require(site.match(path: "/q/7")))
        let url = DataSource.Kind.url(UpstreamSource(urlTemplate: "http://127.0.0.1:9/x/{{key}}", ttlSeconds: 30))
        #expect(requests == [
            DataRequest(entry: "a", source: "u", key: "k-7", required: false, timeoutMs: 80, kind: url),
            DataRequest(entry: "b", source: "u", key: "x", required: true, timeoutMs: 50, kind: url),
            DataRequest(entry: "c", source: "s", key: "7", required: false, timeoutMs: nil, kind: .file(path: "data/s.json")),
        ])
        #expect(site.fileValue(source: "s", key: "7") == Fixtures.json(#"{"v":1}"#))
        #expect(site.fileValue(source: "s", key: "8") == nil)
    }
}
