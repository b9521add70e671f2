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

    @Test func thePageLabelIsTheLeadingPageField() {
        #expect(AccessFields.pageLabel("page=product template=product release=stable") == "product")
        #expect(AccessFields.pageLabel("error=bad_request") == "-")
    }
}
