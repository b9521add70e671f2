import Testing
@testable import SDUI

/// Prices written from a pattern read off ICU must be ICU's own text, in every locale the
/// pattern is made for; a locale it can't describe keeps ICU.
@Suite struct CurrencyPatternTests {
    /// Pairs whose pattern must be made: symbol before and after, each separator, no fraction
    /// (JPY) and three digits (KWD), Spanish minimum grouping, Indian secondary groups.
    static let described: [(tag: String, code: String)] = [
        ("en", "USD"), ("en", "EUR"), ("fr", "EUR"), ("de", "EUR"), ("de-CH", "CHF"), ("es", "EUR"), ("pl", "PLN"),
        ("ja", "JPY"), ("en", "KWD"), ("en-IN", "INR"), ("hi", "INR"), ("pt-BR", "BRL"), ("sv", "SEK"), ("nl", "EUR"),
    ]

    /// Deterministic values: whole units, cents, and up to four decimals, at magnitudes from
    /// 10^-4 to 10^14 (SplitMix64, so that a failure names a value that reproduces).
    static func values(count: Int) -> [Double] {
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return (0..<count).map { _ in
            let magnitude = Double(next() % 15)
            let decimals = Double(next() % 5)
            let scale = pow10(decimals)
            let units = Double(next() % UInt64(pow10(magnitude) * scale + 1))
            return units / scale
        }
    }

    static func pow10(_ exponent: Double) -> Double {
        (0..<Int(exponent)).reduce(1) { value, _ in value * 10 }
    }

    @Test(arguments: described.map { "\($0.tag) \($0.code)" })
    func agreesWithICU(_ pair: String) throws {
        let parts = pair.split(separator: " ").map(String.init)
        let icu = try #require(NumberFormat(skeleton: "currency/\(parts[1])", locale: parts[0]))
        let pattern = try #require(CurrencyPattern(icu: icu.format), "no pattern for \(pair)")
        for value in Self.values(count: 3000) + CurrencyPattern.checkedValues {
            #expect(pattern.format(value) == icu.format(value), "\(pair) \(value)")
        }
    }

    @Test func valuesOutsideItsReachGoToICU() throws {
        let formats = LocaleFormats(tag: "fr")
        let icu = try #require(NumberFormat(skeleton: "currency/EUR", locale: "fr"))
        let pattern = try #require(CurrencyPattern(icu: icu.format))
        for value in [-12.5, -0.0, 1e15, 1e-7, 1.2345678901234568e17, .infinity, .nan] {
            #expect(pattern.format(value) == nil, "\(value)")
            #expect(formats.currency(value, code: "EUR") == icu.format(value), "\(value)")
        }
        #expect(formats.currency(-12.5, code: "EUR") == "-12,50\u{a0}€")
    }

    @Test func aFormatItCannotDescribeHasNoPattern() {
        // Arabic-Indic digits, and a text whose grouping changes between probes.
        #expect(CurrencyPattern(icu: { _ in "١٢٫٥٠ US$" }) == nil)
        #expect(CurrencyPattern(icu: { value in value == 0 ? "$0.00" : value == 1000 ? "$1,000.00" : "$1,23,4567.00" }) == nil)
        // Agrees on the probes but rounds half up, not half to even: the check values catch it.
        #expect(CurrencyPattern(icu: { value in "$" + String(format2: value) }) == nil)
    }
}

extension String {
    /// `value` with two decimals rounded half up and no grouping: a format unlike ICU's.
    fileprivate init(format2 value: Double) {
        let cents = Int((value * 100).rounded(.toNearestOrAwayFromZero))
        let fraction = cents % 100
        self = "\(cents / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
