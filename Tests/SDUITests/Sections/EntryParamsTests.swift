import Testing
@testable import SDUI

/// A data entry's `params` (SPEC §10.2): resolved, percent-encoded and in the order written for
/// its url source's query string; a parameter whose binding has no value is left out.
struct EntryParamsTests {
    /// Page `p` at `/p/:id` declaring `q` and `cursor`, whose entry `recs` of source `source` says `params`.
    static func files(_ params: String, source: String = "u") -> [String: [UInt8]] {
        Fixtures.files([
            "pages/p.json": #"{"route":"/p/:id","query":["q","cursor"],"data":{"recs":{"source":"\#(source)","key":"{{params.id}}","params":\#(params)}},"root":{"id":"p","type":"page","data":{"children":[]}}}"#,
            "sources.json": #"{"sources":{"s":{"file":"data/s.json"},"u":{"url":"http://127.0.0.1:9/x/{{key}}","timeoutMs":80}}}"#,
            "data/s.json": "{}",
        ])
    }

    @Test func paramsAreResolvedEncodedAndInTheOrderWritten() throws {
        let site = try Fixtures.load(Self.files(#"{"cursor":"{{query.cursor}}","limit":"20","for":"{{params.id}}-{{query.q}}"}"#))
        let query = { (values: [String: String]) in site.dataRequests(template: "p", params: ["id": "7"], query: values).first?.query }
        #expect(query(["cursor": "a/b c", "q": "é"]) == "cursor=a%2Fb%20c&limit=20&for=7-%C3%A9")
        // A parameter whose binding has no value is left out.
        #expect(query([:]) == "limit=20")
    }

    @Test func anEntryWithoutParamsAsksNoQuery() throws {
        let site = try Fixtures.load(SectionFixtures.files("[]"))
        #expect(site.dataRequests(template: "p", params: ["id": "1"]).allSatisfy { $0.query.isEmpty })
    }

    @Test func paramsBindOnlyParametersAndGoToUrlSources() {
        #expect(Fixtures.problems(Self.files(#"{"x":"{{recs.id}}"}"#))
            == [#"pages/p.json:$.data.recs.params.x: a param may only bind route parameters (params.<name> of the route) and declared query parameters (query.<name>), not "recs.id""#])
        #expect(Fixtures.problems(Self.files(#"{"x":1}"#)) == [#"pages/p.json:$.data.recs.params.x: expected a string template such as "{{query.cursor}}""#])
        #expect(Fixtures.problems(Self.files(#"{"x":"1"}"#, source: "s"))
            == [#"pages/p.json:$.data.recs.params: "params" are passed to a url source's query string: "s" is not one"#])
    }
}
