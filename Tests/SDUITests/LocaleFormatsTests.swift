import CFoundationICU
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
            let decimal = try #require(NumberPattern(.decimal, locale: tag))
            let plural = try #require(PluralRules(locale: tag))
            for value in (0...LocaleFormats.smallIntegers + 1).map(Double.init) + [-0.0, -1, 2.5] {
                #expect(formats.number(value, .decimal) == decimal.format(value), "\(tag) \(value)")
                #expect(formats.category(value) == plural.category(value), "\(tag) \(value)")
            }
        }
        #expect(LocaleFormats(tag: "en").number(-0.0, .decimal) == "-0")
    }

    /// SPEC §7.1: numbers and percents have the decimals of the locale's CLDR pattern
    /// (`#,##0.###`, `#,##0%`), not the 6 an ICU skeleton allows by default.
    @Test func numbersAndPercentsHaveTheDecimalsOfTheLocalesPattern() {
        let en = LocaleFormats(tag: "en"), fr = LocaleFormats(tag: "fr"), pl = LocaleFormats(tag: "pl"), ru = LocaleFormats(tag: "ru")
        #expect([1.23456, 1.5, 0.0004, 1234.5678].map { en.number($0, .decimal) } == ["1.235", "1.5", "0", "1,234.568"])
        #expect([0.256, 0.2549, 1.005, 0.001].map { en.number($0, .percent) } == ["26%", "25%", "100%", "0%"])
        #expect(fr.number(1.23456, .decimal) == "1,235" && fr.number(0.256, .percent) == "26\u{a0}%")
        #expect(pl.number(1.23456, .decimal) == "1,235" && pl.number(0.256, .percent) == "26%")
        #expect(ru.number(1.23456, .decimal) == "1,235" && ru.number(0.256, .percent) == "26\u{a0}%")
        #expect(NumberPattern(.decimal, locale: "en")?.fractionDigits == 0...3 && NumberPattern(.percent, locale: "en")?.fractionDigits == 0...0)
    }

    /// Values for the differential test below: ties at the last decimal each style keeps (ICU
    /// rounds half to even from a double's shortest decimal form: 1.0005 is `1`, 0.025 is `2%`),
    /// carries, grouping edges, negatives, and generated values of every magnitude.
    static var roundingValues: [Double] {
        var values: [Double] = [0, -0.0, 1.0005, 1.0015, 2.5, 0.0005, 0.9995, 999.9995, 1234.5675, -1.0005, -2.0025,
                                0.005, 0.015, 0.025, 0.125, 0.135, 1.005, -0.005, 0.99995, 1e-7, 123456.789, 1e15, 1e21, 1.5e300]
        values += (0..<400).map { Double($0 * 2 + 1) / 2000 }  // x.xxx5: ties at the third decimal
        values += (0..<400).map { Double($0 * 2 + 1) / 200 }  // x.xx5: ties at a whole percent
        var state: UInt64 = 0x1CE
        for _ in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let digits = Double(state >> 40 & 0xFFFFF)  // up to about a million
            let scale = [1, 10, 100, 1_000, 10_000, 100_000, 1e6, 1e-2][Int(state >> 61)]
            values.append((state & 1 == 1 ? -1 : 1) * digits / scale)
        }
        return values
    }

    /// The decimal and percent formats (the small-integer table, then ICU's skeletons) write what
    /// ICU writes with the locale's own pattern, value for value.
    @Test func numbersAndPercentsAgreeWithTheLocalesPatternInICU() throws {
        let values = Self.roundingValues
        for tag in ["en", "fr", "de", "pl", "ru", "ar", "ja", "hi", "pt-BR", "de-CH"] {
            let formats = LocaleFormats(tag: tag)
            let decimal = try #require(NumberPattern(.decimal, locale: tag)), percent = try #require(NumberPattern(.percent, locale: tag))
            var mismatches: [String] = []
            for value in values {
                if formats.number(value, .decimal) != decimal.format(value) {
                    mismatches.append("number \(value): \(formats.number(value, .decimal) ?? "nil") != \(decimal.format(value) ?? "nil")")
                }
                if formats.number(value, .percent) != percent.format(value) {
                    mismatches.append("percent \(value): \(formats.number(value, .percent) ?? "nil") != \(percent.format(value) ?? "nil")")
                }
            }
            #expect(mismatches.isEmpty, "\(tag): \(mismatches.prefix(10))")
        }
    }

    /// ICU's own MessageFormat, the oracle for messages: `pattern` with the number `value` as {0}.
    static func icuMessage(_ pattern: String, locale: String, _ value: Double) -> String? {
        let units = Array(pattern.utf16)
        return ICUString.read { buffer, capacity, status in
            cicu_message_format_double(units, Int32(units.count), locale, value, buffer, capacity, &status)
        }
    }

    /// A plural with `#` says what ICU's MessageFormat says: `#` is the number with the locale's
    /// decimals, and the case is chosen by the number as written (1.0004, written `1`, is `one`
    /// in English and Russian), with and without an offset.
    @Test func pluralsWithPoundAgreeWithICUsMessageFormat() throws {
        let cases = "zero {zero #} one {one #} two {two #} few {few #} many {many #} other {other #}"
        let ours = try MessageParser.parse("{n, plural, \(cases)} {n, plural, offset:1 \(cases)} {n, number, percent}").get()
        let icu = "{0, plural, \(cases)} {0, plural, offset:1 \(cases)} {0, number, percent}"
        let values = Self.roundingValues + [1.0004, 2.0004, 21.0004, 0.0004, 1.00049, 1.9996, 11.0001, 101.0004, -1.0004]
        for tag in ["en", "fr", "pl", "ru", "ar", "ja", "de"] {
            let formats = LocaleFormats(tag: tag)
            var mismatches: [String] = []
            for value in values {
                var formatter = MessageFormatter(formats: formats, arguments: JSONObject(["n": .number(String(value))]))
                let expected = Self.icuMessage(icu, locale: tag, value)
                if let text = formatter.format(ours), text != expected { mismatches.append("\(value): \(text) != \(expected ?? "nil")") }
            }
            #expect(mismatches.isEmpty, "\(tag): \(mismatches.prefix(10))")
        }
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
