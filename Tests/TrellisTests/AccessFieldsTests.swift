import SDUI
import Testing
@testable import Trellis

/// The page's part of the access-log line: the exposure record analytics joins on.
@Suite struct AccessFieldsTests {
    static func result(variants: String?, missing: [String] = []) -> PageResult {
        PageResult(status: 200, page: "home", template: "home.canary", body: [], maxAge: 0, variantsHeader: variants,
                   release: .canary, fallbacks: 2, fallbackTypes: [:], upgradeRequired: false, missingOptional: missing)
    }

    @Test func recordsPageTemplateVariantsReleaseFallbacksAndMissingSources() {
        #expect(AccessFields.page(Self.result(variants: "home-hero=A, checkout=B", missing: ["related"]))
            == #"page=home template=home.canary variants="home-hero=A, checkout=B" release=canary fallbacks=2 missing=related"#)
        #expect(AccessFields.page(Self.result(variants: nil)) == "page=home template=home.canary release=canary fallbacks=2")
    }

    @Test func quotesVariantNamesThatWouldBreakTheLine() {
        #expect(AccessFields.page(Self.result(variants: #"a"b=c\d"#)).contains(#"variants="a\"b=c\\d""#))
    }

    @Test func thePageRecordGivesTheMetricLabelAndTheLineFromTheSameValues() {
        let trace = TraceContext(traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
        let page = PageRecord(representation: Representation(Self.result(variants: "home-hero=A")), cache: .hit, trace: trace)
        #expect(page.page == "home")
        #expect(page.accessFields(errorCode: nil)
            == #"trace_id=0af7651916cd43dd8448eb211c80319c page=home template=home.canary variants="home-hero=A" release=canary fallbacks=2"#)
        let error = PageRecord(representation: nil, cache: nil, trace: trace)
        #expect(error.page == "-")
        #expect(error.accessFields(errorCode: "bad_client_version") == "trace_id=0af7651916cd43dd8448eb211c80319c error=bad_client_version")
    }
}
