import Foundation
import Testing
import TestSupport
@testable import SDUI

/// `$t` and `$format` in templates, site.json and strings/ (SPEC §7.1): rendering per locale,
/// the fallback per message, and what validation reports.
@Suite struct LocalizedTemplateTests {
    static let strings = [
        "site.json": #"{ "defaultLocale": "en" }"#,
        "strings/en.json": #"{ "title": "Your cart", "items": "{count, plural, =0 {No items} one {# item} other {# items}}", "hello": "Hello {name}" }"#,
        "strings/fr.json": #"{ "title": "Votre panier", "items": "{count, plural, =0 {Aucun article} one {# article} other {# articles}}" }"#,
        "strings/ru.json": #"{ "title": "Корзина", "items": "{count, plural, one {# товар} few {# товара} many {# товаров} other {# товара}}", "hello": "Привет, {name}" }"#,
        "data/s.json": #"{ "x": { "count": 21, "price": { "amount": 12.99, "currency": "EUR" }, "on": "2026-12-01" } }"#,
    ]

    static let children = #"""
    [{ "id": "t", "type": "text", "data": {
        "text": { "$t": "title" },
        "items": { "$t": "items", "count": "{{x.count}}" },
        "hello": { "$t": "hello", "name": "Ann" },
        "price": { "$format": "{{x.price.amount}}", "style": "currency", "currency": "{{x.price.currency}}" },
        "on": { "$format": "{{x.on}}", "style": "date", "dateStyle": "long" },
        "bad": { "$format": "{{x.on}}" },
        "gone": { "$t": "items", "count": "{{x.nothing}}" } } }]
    """#

    func render(_ locale: String?, strings: [String: String] = strings, children: String = children) throws -> String {
        let site = try Fixtures.load(Fixtures.page(children, data: #"{"x":{"source":"s","key":"x"}}"#, extra: strings))
        let x = site.fileValue(source: "s", key: "x")!
        guard case .page(let page) = site.render(template: "p", params: [:], data: ["x": x],
                                                 client: site.clientClass(for: .unknown), variants: [:], locale: locale, at: TestInstant.date) else {
            Issue.record("upgrade")
            return ""
        }
        return String(decoding: page.body, as: UTF8.self)
    }

    @Test func messagesAndFormatsFollowTheLocaleAndFallBackPerMessage() throws {
        #expect(try render("en").contains(#""data":{"text":"Your cart","items":"21 items","hello":"Hello Ann","price":"€12.99","on":"December 1, 2026"}"#))
        #expect(try render("fr").contains(#""data":{"text":"Votre panier","items":"21 articles","hello":"Hello Ann","price":"12,99\#u{a0}€","on":"1 décembre 2026"}"#))
        #expect(try render("ru").contains(#""text":"Корзина","items":"21 товар","hello":"Привет, Ann","price":"12,99\#u{a0}€""#))
    }

    /// A number from the data past what a 64-bit integer holds (an upstream's count, say) is
    /// formatted as the double it is, in a plural and as a price: it crashed the server.
    @Test func hugeNumbersFromTheDataAreFormattedNotACrash() throws {
        var strings = Self.strings
        strings["data/s.json"] = #"{ "x": { "count": 100000000000000000000000, "price": { "amount": 18446744073709551616, "currency": "EUR" }, "on": "2026-12-01" } }"#
        let page = try render("en", strings: strings)
        #expect(page.contains(#""items":"100,000,000,000,000,000,000,000 items""#), "\(page)")
        #expect(page.contains(#""price":"€18,446,744,073,709,552,000.00""#), "\(page)")
    }

    /// SPEC §7.1: `number` and `percent`, `{p, number, percent}`, `{n}` and `#` are written with
    /// the decimals of the locale's CLDR pattern (`#,##0.###`, `#,##0%`), rounded as ICU rounds.
    @Test func numbersAndPercentsHaveTheLocalesDecimals() throws {
        var strings = Self.strings
        strings["data/s.json"] = #"{ "x": { "n": 1.23456, "p": 0.256, "q": 1.005, "r": "0.2549" } }"#
        let share = #""{p, number, percent} of {n}: {n, plural, one {# file} other {# files}}""#
        strings["strings/en.json"] = #"{ "title": "t", "items": "i", "share": \#(share) }"#
        strings["strings/fr.json"] = #"{ "title": "t", "items": "i", "share": \#(share) }"#
        let children = #"""
        [{ "id": "t", "type": "text", "data": { "text": "t",
            "n": { "$format": "{{x.n}}", "style": "number" },
            "p": { "$format": "{{x.p}}", "style": "percent" },
            "q": { "$format": "{{x.q}}", "style": "percent" },
            "r": { "$format": "{{x.r}}", "style": "percent" },
            "share": { "$t": "share", "p": "{{x.p}}", "n": "{{x.n}}" } } }]
        """#
        let en = try render("en", strings: strings, children: children), fr = try render("fr", strings: strings, children: children)
        // French 1.235 is `one` (CLDR: i = 0,1), English `other`.
        #expect(en.contains(#""data":{"text":"t","n":"1.235","p":"26%","q":"100%","r":"25%","share":"26% of 1.235: 1.235 files"}"#), "\(en)")
        #expect(fr.contains(#""data":{"text":"t","n":"1,235","p":"26\#u{a0}%","q":"100\#u{a0}%","r":"25\#u{a0}%","share":"26\#u{a0}% of 1,235: 1,235 file"}"#), "\(fr)")
    }

    /// SPEC §7.1: a value that isn't a number makes the key disappear. A string is a number only
    /// in decimal: `Double(_:)` also reads `0x10`, `0x1p3`, `inf` and `nan`. The decimal forms
    /// beyond JSON's (`+5`, `.5`, `5.`, `007`, exponents) stay numbers.
    @Test func onlyDecimalStringsAreNumbers() throws {
        var strings = Self.strings
        strings["data/s.json"] = #"{ "x": { "hex": "0x10", "plus": "+5" } }"#
        let children = #"""
        [{ "id": "t", "type": "text", "data": { "text": "t",
            "hex": { "$format": "0x10", "style": "number" },
            "boundHex": { "$format": "{{x.hex}}", "style": "number" },
            "upper": { "$format": "0X1A", "style": "percent" },
            "hexFloat": { "$format": "0x1p3", "style": "currency", "currency": "EUR" },
            "inf": { "$format": "Infinity", "style": "number" },
            "nan": { "$format": "NaN", "style": "number" },
            "plural": { "$t": "items", "count": "0x10" },
            "boundPlural": { "$t": "items", "count": "{{x.hex}}" },
            "plus": { "$format": "{{x.plus}}", "style": "number" },
            "point": { "$format": ".5", "style": "number" },
            "trailing": { "$format": "5.", "style": "number" },
            "zeros": { "$format": "007", "style": "number" },
            "exponent": { "$format": "1.5e3", "style": "number" },
            "plusPlural": { "$t": "items", "count": "{{x.plus}}" } } }]
        """#
        let page = try render("en", strings: strings, children: children)
        #expect(page.contains(#""data":{"text":"t","plus":"5","point":"0.5","trailing":"5","zeros":"7","exponent":"1,500","plusPlural":"5 items"}"#), "\(page)")
    }

    @Test func validationReportsUnknownKeysMalformedMessagesAndMisplacedDirectives() {
        var extra = Self.strings
        extra["strings/fr.json"] = #"{ "title": "Votre {panier", "items": "x" }"#
        let problems = Fixtures.problems(Fixtures.page(
            #"[{"id":"t","type":"text","data":{"text":{"$t":"nope"}}},{"$t":"title"}]"#, extra: extra))
        #expect(problems == [
            #"pages/p.json:$.root.data.children[0].data.text.$t: unknown message "nope" (not in strings/en.json)"#,
            #"pages/p.json:$.root.data.children[1].$t: $t stands for a string value, not a component"#,
            #"strings/fr.json:$.title: malformed message: unterminated argument: missing "}" at offset 13"#,
        ])
        #expect(Fixtures.problems(Fixtures.page(#"[{"id":"t","type":"text","data":{"text":{"$t":"x"}}}]"#)) == [
            #"pages/p.json:$.root.data.children[0].data.text.$t: no locales: add site.json and strings/<tag>.json"#,
        ])
        #expect(Fixtures.problems(Fixtures.page("[]", extra: ["strings/en.json": "{}"])) == [
            #"site.json:$: missing file (strings/ needs a "defaultLocale")"#,
        ])
        #expect(Fixtures.problems(Fixtures.page("[]", extra: ["site.json": #"{"defaultLocale":"de"}"#, "strings/en.json": "{}"])) == [
            "site.json:$.defaultLocale: no strings/de.json for the default locale",
        ])
    }

    @Test func aKeyMissingFromAnotherLocaleIsAWarning() throws {
        let site = try Fixtures.load(Fixtures.page("[]", extra: Self.strings))
        #expect(site.warnings.map(\.description) == [#"strings/fr.json: missing "hello" (falls back to en)"#])
        #expect(site.localization?.tags == ["en", "fr", "ru"])
    }

    @Test func lookupFollowsRFC4647() throws {
        let site = try Fixtures.load(Fixtures.page("[]", extra: Self.strings.merging(["strings/pt-BR.json": "{}"]) { $1 }))
        let localization = try #require(site.localization)
        #expect(localization.lookup("fr-CA") == "fr")
        #expect(localization.lookup("FR") == "fr")
        #expect(localization.lookup("pt-br-x-private") == "pt-BR")
        #expect(localization.lookup("pt") == nil)
        #expect(localization.lookup("de") == nil)
        #expect(localization.lookup("*") == nil)
    }
}
