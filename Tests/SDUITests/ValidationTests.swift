import Testing
@testable import SDUI

/// Validation rules: every problem reported, sorted, as `file:json.path: message`.
@Suite struct ValidationTests {
    func problems(_ children: String, data: String = "", extra: [String: String] = [:]) -> [String] {
        Fixtures.problems(Fixtures.page(children, data: data, extra: extra))
    }

    @Test func invalidJSONGivesLineAndColumnForEveryBadFile() {
        let found = Fixtures.problems(Fixtures.files(["pages/a.json": "{\n  \"route\": tru\n}", "rollout.json": "{,}"]))
        #expect(found == [
            "pages/a.json:$: line 2, column 12: invalid literal, expected true",
            "rollout.json:$: line 1, column 2: expected a string key",
        ])
    }

    @Test func unknownTypeAndMissingRequiredLiteralFieldAreAllReported() {
        #expect(problems(#"[{"id":"a","type":"carousell"},{"id":"b","type":"text","data":{"style":"x"}},{"id":"c","type":"text","data":{"text":"{{maybe}}"}}]"#,
                         data: #"{"maybe":{"source":"s","key":"m"}}"#) == [
            #"pages/p.json:$.root.data.children[0].type: unknown component type "carousell""#,
            #"pages/p.json:$.root.data.children[1].data: missing required field "text" of type "text""#,
        ])
    }

    @Test func duplicateLiteralIdsIncludingFragmentsButNotAlternativesOrBindings() {
        let found = problems(#"[{"$include":"f"},{"id":"x","type":"divider"},{"id":"{{a}}","type":"divider"},{"id":"{{a}}","type":"divider"},{"$if":"a","then":{"id":"y","type":"divider"},"else":{"id":"y","type":"divider"}}]"#,
                             data: #"{"a":{"source":"s","key":"a"}}"#, extra: ["fragments/f.json": #"{"id":"x","type":"divider"}"#])
        #expect(found == [#"pages/p.json:$.root.data.children[1].id: duplicate component id "x" on page "p""#])
    }

    @Test func includeOfAMissingFragmentAndIncludeCycles() {
        let found = problems(#"[{"$include":"nope"},{"$include":"a"}]"#,
                             extra: ["fragments/a.json": #"{"$include":"b"}"#, "fragments/b.json": #"[{"$include":"a"}]"#])
        #expect(found.contains(#"pages/p.json:$.root.data.children[0].$include: unknown fragment "nope" (no fragments/nope.json)"#))
        #expect(found.contains("fragments/b.json:$[0].$include: include cycle: a → b → a"))
        #expect(found.contains("fragments/a.json:$.$include: include cycle: b → a → b"))
    }

    @Test func routeClashesInvalidSyntaxReservedAndSpecialPages() {
        var files = Fixtures.files([
            "pages/a.json": #"{"route":"/product/:id","root":{"id":"a","type":"page"}}"#,
            "pages/b.json": #"{"route":"/product/:sku","root":{"id":"b","type":"page"}}"#,
            "pages/c.json": #"{"route":"/bad//x","root":{"id":"c","type":"page"}}"#,
            "pages/d.json": #"{"route":"/metrics","root":{"id":"d","type":"page"}}"#,
            "pages/e.json": #"{"root":{"id":"e","type":"page"}}"#,
            "pages/upgrade.json": #"{"route":"/upgrade","root":{"id":"u","type":"page"}}"#,
            "pages/a.canary.json": #"{"route":"/other","root":{"id":"a","type":"page"}}"#,
        ])
        files["pages/not-found.json"] = nil
        #expect(Fixtures.problems(files) == [
            #"pages/a.canary.json:$.route: a canary repeats its page's route "/product/:id""#,
            #"pages/b.json:$.route: route "/product/:sku" clashes with "/product/:id" of pages/a.json"#,
            #"pages/c.json:$.route: invalid route: empty segment in route "/bad//x""#,
            #"pages/d.json:$.route: route "/metrics" is reserved"#,
            #"pages/e.json:$: missing "route""#,
            #"pages/not-found.json:$: missing page "not-found" (required)"#,
            #"pages/upgrade.json:$.route: the "upgrade" page has no route"#,
        ])
    }

    @Test func rootMustBeAPage() {
        #expect(Fixtures.problems(Fixtures.files(["pages/a.json": #"{"route":"/a","root":{"id":"a","type":"column"}}"#]))
            == [#"pages/a.json:$.root.type: the root must be a component of type "page""#])
    }

    @Test func unknownSourceAndKeysThatBindMoreThanRouteParams() {
        #expect(problems("[]", data: #"{"x":{"source":"zzz","key":"{{params.id}}"},"params":{"source":"s","key":"k"}}"#) == [
            #"pages/p.json:$.data.params: "params" is reserved for route and query parameters"#,
            #"pages/p.json:$.data.x.key: a key may only bind route parameters (params.<name> of the route) and declared query parameters (query.<name>), not "params.id""#,
            #"pages/p.json:$.data.x.source: unknown source "zzz""#,
        ])
    }

    @Test func sourcesNeedTheirDataFileAndAURLTemplate() {
        let sources = #"{"sources":{"a":{"file":"data/missing.json"},"b":{"url":"ftp://x"},"c":{"file":"data/s.json","url":"http://x/{{key}}"}}}"#
        #expect(problems("[]", extra: ["sources.json": sources]) == [
            #"sources.json:$.sources.a.file: missing file "data/missing.json""#,
            #"sources.json:$.sources.b.url: expected an http(s) URL template containing {{key}}"#,
            #"sources.json:$.sources.c: a source has exactly one of "file" and "url""#,
        ])
    }

    @Test func aKeyMayNotChooseTheUpstreamSchemeHostOrPort() {
        let sources = #"{"sources":{"h":{"url":"http://{{key}}.internal/x"},"p":{"url":"http://cart:{{key}}/x"},"#
            + #""s":{"url":"http://a@{{key}}/"},"ok":{"url":"https://cart.internal:8443/v1/{{key}}/cart?k={{key}}"}}}"#
        let found = problems("[]", extra: ["sources.json": sources])
        #expect(found.filter { $0.contains("may stand only in the URL's path or query") }.sorted() == [
            "sources.json:$.sources.h.url: {{key}} may stand only in the URL's path or query, not its scheme, host or port",
            "sources.json:$.sources.p.url: {{key}} may stand only in the URL's path or query, not its scheme, host or port",
            "sources.json:$.sources.s.url: {{key}} may stand only in the URL's path or query, not its scheme, host or port",
        ])
    }

    @Test func badSinceVersionsAndPlatforms() {
        let catalog = #"{"components":{"page":{"slots":["children"]},"x":{"since":{"ios":"5.0","tv":"1.0.0"}}}}"#
        #expect(Fixtures.problems(Fixtures.files([:], catalog: catalog)) == [
            #"catalog.json:$.components.x.since.ios: invalid version "5.0" (SemVer MAJOR.MINOR.PATCH)"#,
            #"catalog.json:$.components.x.since.tv: unknown platform "tv" (ios, android, web)"#,
        ])
    }

    @Test func fallbackCyclesAndUnknownFallbackTypes() {
        let catalog = #"{"components":{"page":{"slots":["children"]},"a":{"since":{"ios":"2.0.0"},"fallback":{"type":"b"}},"b":{"since":{"ios":"2.0.0"},"fallback":{"type":"a"}},"c":{"fallback":{"type":"zz"}}}}"#
        #expect(Fixtures.problems(Fixtures.files([:], catalog: catalog)) == [
            "catalog.json:$.components.a.fallback: fallback cycle: a → b → a",
            "catalog.json:$.components.b.fallback: fallback cycle: b → a → b",
            #"catalog.json:$.components.c.fallback.type: unknown component type "zz""#,
        ])
    }

    @Test func malformedDirectives() {
        let found = problems(#"[{"$each":"x","template":{"id":"a","type":"divider"}},{"$if":"x"},{"$variant":"e"},{"$nope":1},{"$include":"f","extra":1},"str"]"#,
                             data: #"{"x":{"source":"s","key":"x"}}"#)
        #expect(found == [
            "pages/p.json:$.root.data.children[0].as: $each needs \"as\": a variable name",
            "pages/p.json:$.root.data.children[1]: $if needs \"then\" or \"else\"",
            "pages/p.json:$.root.data.children[2]: $variant needs at least one variant",
            "pages/p.json:$.root.data.children[3].$nope: unknown directive \"$nope\" ($include, $each, $if, $variant, $section, $t, $format)",
            "pages/p.json:$.root.data.children[4].extra: unknown key \"extra\" in $include",
            "pages/p.json:$.root.data.children[5]: expected a component object, found a string",
        ])
    }

    @Test func variantsMustNameExperimentsAndTheirVariants() {
        let rollout = ["rollout.json": #"{"experiments":[{"name":"exp","pages":["p"],"salt":"s","variants":[{"name":"A","weight":1},{"name":"B","weight":1}]}]}"#]
        let children = #"[{"$variant":"exp","A":{"id":"a","type":"divider"},"Z":{"id":"z","type":"divider"}},{"$variant":"typo","A":{"id":"t","type":"divider"}}]"#
        #expect(Fixtures.problems(Fixtures.page(children, extra: rollout)) == [
            "pages/p.json:$.root.data.children[0].Z: experiment \"exp\" has no variant \"Z\"",
            "pages/p.json:$.root.data.children[1].$variant: unknown experiment \"typo\" (not in rollout.json)",
        ])
    }
}

/// `query` declarations (SPEC §6.1).
@Suite struct QueryValidationTests {
    @Test func queryNamesAreDistinctShortTokensAndKeysBindOnlyDeclaredOnes() {
        let page = #"{"route":"/s","query":["q","q","a b",""],"data":{"x":{"source":"s","key":"{{query.q}}"},"#
            + #""y":{"source":"s","key":"{{query.other}}"},"query":{"source":"s","key":"k"}},"root":{"id":"p","type":"page","data":{"children":[]}}}"#
        let found = Fixtures.problems(Fixtures.files([
            "pages/s.json": page, "sources.json": #"{"sources":{"s":{"file":"data/s.json"}}}"#, "data/s.json": "{}",
        ]))
        #expect(found == [
            #"pages/s.json:$.data.query: "query" is reserved for route and query parameters"#,
            #"pages/s.json:$.data.y.key: a key may only bind route parameters (params.<name> of the route) and declared query parameters (query.<name>), not "query.other""#,
            #"pages/s.json:$.query[1]: query parameter "q" is declared twice"#,
            #"pages/s.json:$.query[2]: expected a name of 1 to 64 characters A-Z a-z 0-9 - . _ ~"#,
            #"pages/s.json:$.query[3]: expected a name of 1 to 64 characters A-Z a-z 0-9 - . _ ~"#,
        ])
    }
}

/// What a `url` source may forward, and what makes it personal (SPEC §6.2).
@Suite struct ForwardHeadersValidationTests {
    func problems(_ sources: String) -> [String] {
        Fixtures.problems(Fixtures.files(["sources.json": sources, "pages/p.json": #"{"route":"/p","root":{"id":"p","type":"page","data":{"children":[]}}}"#]))
    }

    @Test func hopByHopAndFramingFieldsCantBeForwarded() {
        let sources = #"{"sources":{"u":{"url":"http://x/{{key}}","forwardHeaders":["Connection","Keep-Alive","TE","Transfer-Encoding","#
            + #""Upgrade","Host","Content-Length","Proxy-Authorization","Authorization","authorization","bad name",7]}}}"#
        let found = problems(sources)
        for (index, name) in ["Connection", "Keep-Alive", "TE", "Transfer-Encoding", "Upgrade", "Host", "Content-Length",
                              "Proxy-Authorization"].enumerated() {
            #expect(found.contains("sources.json:$.sources.u.forwardHeaders[\(index)]: \"\(name)\" is a hop-by-hop or framing field and can't be forwarded"))
        }
        #expect(found.contains(#"sources.json:$.sources.u.forwardHeaders[9]: "authorization" is listed twice"#))
        #expect(found.contains(#"sources.json:$.sources.u.forwardHeaders[10]: expected a header name"#))
        #expect(found.contains(#"sources.json:$.sources.u.forwardHeaders[11]: expected a header name"#))
        #expect(found.count == 11)
    }

    @Test func credentialsOrTheFlagMakeASourcePersonal() throws {
        let sources = #"{"sources":{"a":{"url":"http://x/{{key}}","forwardHeaders":["Cookie"]},"#
            + #""b":{"url":"http://x/{{key}}","personal":true},"c":{"url":"http://x/{{key}}","forwardHeaders":["Accept-Language"],"#
            + #""staleIfErrorSeconds":600,"breakerFailures":3,"breakerCooldownMs":250},"d":{"url":"http://x/{{key}}","personal":"yes"}}}"#
        #expect(problems(sources) == [#"sources.json:$.sources.d.personal: expected true or false"#])
        let site = try Fixtures.load(Fixtures.files(["sources.json": sources.replacingOccurrences(of: #","d":{"url":"http://x/{{key}}","personal":"yes"}"#, with: ""),
                                                    "pages/p.json": #"{"route":"/p","root":{"id":"p","type":"page","data":{"children":[]}}}"#]))
        func source(_ name: String) -> UpstreamSource? {
            if case .url(let source)? = site.sources.sources[name]?.kind { return source }
            return nil
        }
        #expect(source("a")?.personal == true && source("b")?.personal == true && source("c")?.personal == false)
        #expect(source("c")?.staleIfErrorSeconds == 600 && source("c")?.breakerFailures == 3 && source("c")?.breakerCooldownMs == 250)
        #expect(source("a")?.breakerFailures == 5 && source("a")?.breakerCooldownMs == 5000 && source("a")?.staleIfErrorSeconds == 0)
    }
}
