/// One locale's format of one currency as plain pieces of text (`€` before or after, the
/// decimal and group separators, the fraction digits, the grouping sizes), read off ICU's own
/// output when the currency is first used. A price is then written here rather than by an ICU
/// call, which costs several times more (docs/PERFORMANCE.md has the figures).
///
/// The pattern is only made when it agrees with ICU: it checks itself against ICU on values
/// chosen for their rounding ties, carries and grouping edges, and a locale that fails any of
/// them (other digits than ASCII ones, a grouping it can't describe) keeps ICU for every value.
/// Values outside its reach go to ICU as well: negative numbers and -0, 10^15 and more, and
/// any whose shortest decimal form Swift writes with an exponent.
final class CurrencyPattern: Sendable {
    private let prefix: [UInt8]
    private let suffix: [UInt8]
    private let decimalSeparator: [UInt8]
    private let groupSeparator: [UInt8]
    private let fractionDigits: Int
    /// The size of the rightmost group of integer digits (0: no grouping), and of the others.
    private let primaryGroup: Int
    private let secondaryGroup: Int
    /// How many digits beyond the first group there must be before any grouping (CLDR's
    /// minimum grouping digits: Spanish writes 1000 ungrouped and 10 000 grouped).
    private let minimumGroupingDigits: Int

    /// The pattern of the format `icu` writes, or nil when it can't be read off or disagrees
    /// with `icu` on any of `Self.checkedValues`.
    init?(icu: (Double) -> String?) {
        guard let zero = icu(0).map({ Array($0.utf8) }),
              let first = zero.firstIndex(where: Self.isDigit), let last = zero.lastIndex(where: Self.isDigit),
              zero[first] == UInt8(ascii: "0")
        else { return nil }
        prefix = Array(zero[..<first])
        suffix = Array(zero[(last + 1)...])
        let fraction = zero[(first + 1)..<(last + 1)]
        let fractionStart = fraction.firstIndex(where: Self.isDigit) ?? fraction.endIndex
        decimalSeparator = Array(fraction[..<fractionStart])
        fractionDigits = fraction.endIndex - fractionStart
        guard fractionDigits < Self.powersOfTen.count, fraction[fractionStart...].allSatisfy({ $0 == UInt8(ascii: "0") })
        else { return nil }

        guard let grouped = icu(1_234_567).flatMap({ Self.integerGroups(of: $0, prefix: zero[..<first], fraction: zero[(first + 1)...]) }),
              grouped.runs.joined().elementsEqual("1234567".utf8)
        else { return nil }
        let runs = grouped.runs
        groupSeparator = grouped.separator
        primaryGroup = runs.count > 1 ? runs[runs.count - 1].count : 0
        secondaryGroup = runs.count > 2 ? runs[runs.count - 2].count : primaryGroup
        guard let thousand = icu(1000).flatMap({ Self.integerGroups(of: $0, prefix: zero[..<first], fraction: zero[(first + 1)...]) })
        else { return nil }
        minimumGroupingDigits = primaryGroup > 0 && thousand.runs.count == 1 ? 2 : 1

        for value in Self.checkedValues where format(value) != icu(value) { return nil }
    }

    /// Values whose formatting a pattern must agree on with ICU: ties at each of 0–3 fraction
    /// digits (half-even on the shortest decimal form: 2.675 rounds up, 0.125 down), carries
    /// into a new digit and a new group, and each grouping size up to 10^14.
    static let checkedValues: [Double] = [
        0, 0.0005, 0.0015, 0.001, 0.004, 0.005, 0.006, 0.015, 0.025, 0.125, 0.5, 1, 1.005, 1.5, 2.5, 2.675,
        9.995, 12.99, 19.99, 99.5, 99.995, 100, 999, 999.5, 999.995, 1000, 1234.5, 9999.5, 9999.995, 10_000,
        12_345.675, 99_999.995, 100_000, 999_999.999, 1_234_567.891, 12_345_678.9, 123_456_789.125,
        9_876_543_210.5, 99_999_999_999_999.99,
    ]

    /// `value` as ICU writes it in this format, or nil when it is outside the pattern's reach.
    func format(_ value: Double) -> String? {
        guard value.isFinite, value.sign == .plus, value < 1e15 else { return nil }
        // Most prices have no more decimals than the currency. While `units` is below 2^51 the
        // doubles around `value` are closer than one unit, so no two such decimals are the same
        // double: when `units` / 10^digits gives `value` back, `units` holds ICU's digits (its
        // shortest decimal form, padded). Others are rounded below.
        let scale = Self.powersOfTen[fractionDigits]
        let units = (value * scale).rounded()
        if units < 0x1p51, units / scale == value {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
                var remaining = UInt64(units), start = buffer.count
                repeat {
                    start -= 1
                    buffer[start] = UInt8(ascii: "0") + UInt8(remaining % 10)
                    remaining /= 10
                } while remaining > 0 || buffer.count - start <= fractionDigits
                let digits = UnsafeBufferPointer(rebasing: buffer[start...])
                return text(digits, integerCount: digits.count - fractionDigits)
            }
        }
        return rounded(value)
    }

    /// `value` rounded half to even at `fractionDigits`, from its shortest decimal form (as ICU
    /// rounds a double: 2.675 is 2.68 in a two-digit currency, though the double is 2.67499…).
    private func rounded(_ value: Double) -> String? {
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        var integerCount = -1
        for byte in value.description.utf8 {
            if byte == UInt8(ascii: ".") {
                integerCount = digits.count
            } else if Self.isDigit(byte) {
                digits.append(byte)
            } else {
                return nil // an exponent
            }
        }
        if integerCount < 0 { integerCount = digits.count }
        let kept = integerCount + fractionDigits
        if digits.count > kept {
            let up = Self.roundsUp(digits, at: kept)
            digits.removeSubrange(kept...)
            if up, Self.increment(&digits) { integerCount += 1 }
        }
        while digits.count < integerCount + fractionDigits { digits.append(UInt8(ascii: "0")) }
        return digits.withUnsafeBufferPointer { text($0, integerCount: integerCount) }
    }

    /// 10^0 through 10^3: the fraction digits a currency has.
    private static let powersOfTen: [Double] = [1, 10, 100, 1000]

    /// Prefix, the first `integerCount` of `digits` grouped, the decimal separator and the
    /// rest of `digits`, suffix.
    private func text(_ digits: UnsafeBufferPointer<UInt8>, integerCount: Int) -> String {
        let grouped = primaryGroup > 0 && integerCount >= primaryGroup + minimumGroupingDigits
        let groups = grouped ? 1 + (integerCount - primaryGroup - 1) / secondaryGroup : 0
        let capacity = prefix.count + digits.count + groups * groupSeparator.count + decimalSeparator.count + suffix.count
        return String(unsafeUninitializedCapacity: capacity) { bytes in
            var written = 0
            func put(_ part: [UInt8]) {
                for byte in part {
                    bytes[written] = byte
                    written += 1
                }
            }
            put(prefix)
            for offset in 0..<integerCount {
                let remaining = integerCount - offset
                if grouped, offset > 0, remaining >= primaryGroup, (remaining - primaryGroup) % secondaryGroup == 0 {
                    put(groupSeparator)
                }
                bytes[written] = digits[offset]
                written += 1
            }
            if fractionDigits > 0 {
                put(decimalSeparator)
                for digit in digits[integerCount...] {
                    bytes[written] = digit
                    written += 1
                }
            }
            put(suffix)
            return written
        }
    }

    /// Whether dropping `digits[kept...]` rounds up, half to even.
    private static func roundsUp(_ digits: [UInt8], at kept: Int) -> Bool {
        let first = digits[kept]
        if first != UInt8(ascii: "5") { return first > UInt8(ascii: "5") }
        if digits[(kept + 1)...].contains(where: { $0 != UInt8(ascii: "0") }) { return true }
        return kept > 0 && (digits[kept - 1] - UInt8(ascii: "0")) % 2 == 1
    }

    /// Adds one unit in the last place; true when that adds a leading digit (99 → 100).
    private static func increment(_ digits: inout [UInt8]) -> Bool {
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] != UInt8(ascii: "9") {
                digits[index] += 1
                return false
            }
            digits[index] = UInt8(ascii: "0")
            index -= 1
        }
        digits.insert(UInt8(ascii: "1"), at: 0)
        return true
    }

    /// The integer digits of `text` (a whole number in this format) in runs, and the separator
    /// between them; nil when the text isn't `prefix`, runs, `fraction`'s zeros and suffix, or
    /// the separators differ.
    private static func integerGroups(of text: String, prefix: ArraySlice<UInt8>, fraction zeroTail: ArraySlice<UInt8>)
        -> (runs: [ArraySlice<UInt8>], separator: [UInt8])?
    {
        let bytes = Array(text.utf8)
        guard bytes.starts(with: prefix), bytes.count >= prefix.count + zeroTail.count,
              bytes[(bytes.count - zeroTail.count)...].elementsEqual(zeroTail)
        else { return nil }
        let integer = bytes[prefix.count..<(bytes.count - zeroTail.count)]
        var runs: [ArraySlice<UInt8>] = []
        var separator: [UInt8]?
        var index = integer.startIndex
        while index < integer.endIndex {
            let runEnd = integer[index...].firstIndex { !isDigit($0) } ?? integer.endIndex
            guard runEnd > index else { return nil }
            runs.append(integer[index..<runEnd])
            guard runEnd < integer.endIndex else { break }
            let gapEnd = integer[runEnd...].firstIndex(where: isDigit) ?? integer.endIndex
            let gap = Array(integer[runEnd..<gapEnd])
            guard gapEnd < integer.endIndex, separator == nil || separator == gap else { return nil }
            separator = gap
            index = gapEnd
        }
        return (runs, separator ?? [])
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
