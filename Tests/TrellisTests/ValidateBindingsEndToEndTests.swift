import Foundation
import Testing

/// `trellis validate` on bindings (SPEC §13): an unknown name fails validation, a path no record
/// has is a `warning:` line that leaves the exit status 0, and the sample Pages are clean.
@Suite struct ValidateBindingsEndToEndTests {
    func validate(_ pages: String) throws -> (status: Int32, lines: [String]) {
        let result = try runTrellis(["validate", "--pages", pages])
        return (result.status, String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    @Test func theSamplePagesHaveNoBindingProblemOrWarning() throws {
        let result = try validate(ServeEndToEndTests.pages)
        #expect(result.status == 0)
        // The Polish message is missing on purpose (Pages/README.md); nothing else is reported.
        #expect(result.lines == ["\(ServeEndToEndTests.pages): ok"])
    }

    @Test func anUnknownNameFailsAndAMissingPathWarns() throws {
        let pages = try TempPages()
        let product = try pages.read("pages/product.json")
        try pages.write("pages/product.json", product.replacingOccurrences(of: #""text": "{{product.title}}""#,
                                                                           with: #""text": "{{product.titel}}""#))
        let warned = try validate(pages.path)
        #expect(warned.status == 0)
        #expect(warned.lines.contains(
            #"pages/product.json:$.root.data.children[2].data.text: warning: "product.titel": no record of data/products.json has "titel" (did you mean "title"?)"#))
        try pages.write("pages/product.json", product.replacingOccurrences(of: #""text": "{{product.title}}""#,
                                                                           with: #""text": "{{prodct.title}}""#))
        let failed = try validate(pages.path)
        #expect(failed.status == 1)
        #expect(failed.lines == [
            #"pages/product.json:$.root.data.children[2].data.text: "{{prodct.title}}": no data entry, parameter or item named "prodct" (did you mean "product"?)"#,
        ])
    }
}
