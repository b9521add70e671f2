import Foundation
import Testing

/// `trellis validate` on bindings (SPEC §13): an unknown name fails validation, a path no record
/// has is a `warning:` line that leaves the exit status 0, every warning is printed whether or not
/// there are errors, and the sample Pages are clean.
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

    @Test func warningsArePrintedBesideErrors() throws {
        let pages = try TempPages()
        let product = try pages.read("pages/product.json")
        let titel = product.replacingOccurrences(of: #""text": "{{product.title}}""#, with: #""text": "{{product.titel}}""#)
        try pages.write("pages/product.json", titel)
        let action = try pages.read("actions/add-to-cart.json")
        try pages.write("actions/add-to-cart.json", action.replacingOccurrences(of: #""refresh": ["cart-badge", "cart-lines"]"#,
                                                                                 with: #""refresh": ["cart-badge", "cart-lines", "no-such-section"]"#))
        let french = try pages.read("strings/fr.json")
        try pages.write("strings/fr.json", french.split(separator: "\n").filter { !$0.contains(#""cart.items""#) }.joined(separator: "\n"))
        let warnings = [
            #"actions/add-to-cart.json:$.refresh[2]: warning: no page has a section "no-such-section""#,
            #"pages/product.json:$.root.data.children[2].data.text: warning: "product.titel": no record of data/products.json has "titel" (did you mean "title"?)"#,
            #"strings/fr.json: missing "cart.items" (falls back to en)"#,
        ]
        let warned = try validate(pages.path)
        #expect(warned.status == 0)
        #expect(warned.lines == warnings + ["\(pages.path): ok"])
        try pages.write("pages/product.json", titel.replacingOccurrences(of: #""text": "{{product.description}}""#,
                                                                         with: #""text": "{{nosuch.description}}""#))
        let failed = try validate(pages.path)
        #expect(failed.status == 1)
        #expect(failed.lines == warnings + [
            #"pages/product.json:$.root.data.children[6].data.text: "{{nosuch.description}}": no data entry, parameter or item named "nosuch""#,
        ])
    }

    @Test func aPageThatBindsAnActionsResultFails() throws {
        let pages = try TempPages()
        let product = try pages.read("pages/product.json")
        try pages.write("pages/product.json", product.replacingOccurrences(of: #""text": "{{product.description}}""#,
                                                                           with: #""text": "{{result.description}}""#))
        let failed = try validate(pages.path)
        #expect(failed.status == 1)
        #expect(failed.lines == [
            #"pages/product.json:$.root.data.children[6].data.text: "{{result.description}}": no "result" on a page (only an action's ops bind "result")"#,
        ])
    }
}
