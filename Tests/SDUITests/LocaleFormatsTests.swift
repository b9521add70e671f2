import Testing
@testable import SDUI

/// CLDR plural categories and number, currency and date formats, through ICU (SPEC §7.1).
@Suite struct LocaleFormatsTests {
    func categories(_ tag: String, _ numbers: [Double]) -> [String] {
        let formats = LocaleFormats(tag: tag)
        return numbers.map { formats.category($0) }
    }

    @Test func pluralCategoriesFollowCLDR() {
        #expect(categories("en", [0, 1, 2, 5]) == ["other", "one", "other", "other"])
        #expect(categories("fr", [0, 1, 1.5, 2]) == ["one", "one", "one", "other"])
        #expect(categories("ru", [1, 2, 5, 11, 21, 22, 25, 111, 1.5]) == ["one", "few", "many", "many", "one", "few", "many", "many", "other"])
        #expect(categories("pl", [1, 2, 5, 12, 21, 22, 25, 1.5]) == ["one", "few", "many", "many", "many", "few", "many", "other"])
        #expect(categories("ar", [0, 1, 2, 3, 10, 11, 99, 100, 102]) == ["zero", "one", "two", "few", "few", "many", "many", "other", "other"])
        #expect(categories("ja", [0, 1, 2, 21]) == ["other", "other", "other", "other"])
    }

    @Test func numbersCurrenciesPercentsAndDatesAreCLDRs() {
        let fr = LocaleFormats(tag: "fr"), en = LocaleFormats(tag: "en"), pl = LocaleFormats(tag: "pl")
        #expect(fr.currency(12.99, code: "EUR") == "12,99\u{a0}€")
        #expect(en.currency(12.99, code: "EUR") == "€12.99")
        #expect(pl.currency(1234.5, code: "PLN") == "1234,50\u{a0}zł")
        #expect(fr.number(1234.5, .decimal) == "1\u{202f}234,5")
        #expect(en.number(0.25, .percent) == "25%")
        #expect(fr.number(0.25, .percent) == "25\u{a0}%")
        #expect(en.date("2026-12-01", .long) == "December 1, 2026")
        #expect(fr.date("2026-12-01T10:00:00+02:00", .long) == "1 décembre 2026")
        #expect(en.date("2026-12-01", .short) == "12/1/26")
        #expect(en.currency(1, code: "euro") == nil)
        #expect(en.date("yesterday", .long) == nil)
    }

    /// Small integers come from tables made when the locale loads: they must say what ICU says,
    /// digits and categories alike, and -0 (which ICU writes with its sign) is not one of them.
    @Test func smallIntegersAnswerAsICUDoes() throws {
        for tag in ["en", "fr", "ar", "ru", "pl", "ja"] {
            let formats = LocaleFormats(tag: tag)
            let decimal = try #require(NumberFormat(skeleton: "", locale: tag))
            let plural = try #require(PluralRules(locale: tag))
            for value in (0...LocaleFormats.smallIntegers + 1).map(Double.init) + [-0.0, -1, 2.5] {
                #expect(formats.number(value, .decimal) == decimal.format(value), "\(tag) \(value)")
                #expect(formats.category(value) == plural.category(value), "\(tag) \(value)")
            }
        }
        #expect(LocaleFormats(tag: "en").number(-0.0, .decimal) == "-0")
    }

    @Test func formattersAreSharedAcrossThreads() async {
        let fr = LocaleFormats(tag: "fr")
        await withTaskGroup(of: Bool.self) { group in
            for i in 0..<8 {
                group.addTask {
                    (0..<200).allSatisfy { _ in
                        fr.currency(Double(i) + 0.5, code: "EUR") == "\(i),50\u{a0}€" && fr.date("2026-12-01", .long) == "1 décembre 2026"
                    }
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
