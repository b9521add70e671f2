/// Reads a strict SemVer 2.0.0 string from its UTF-8 bytes in one pass, without building
/// substrings: every page request parses its `X-Client-Version` through here.
struct SemanticVersionScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// `MAJOR.MINOR.PATCH[-pre][+build]` spanning all the bytes, or nil.
    mutating func version() -> SemanticVersion? {
        guard let major = number(), skip(UInt8(ascii: ".")), let minor = number(), skip(UInt8(ascii: ".")),
              let patch = number()
        else { return nil }
        var prerelease: [String] = []
        if skip(UInt8(ascii: "-")) {
            guard let identifiers = identifiers(numericRule: true, collect: true) else { return nil }
            prerelease = identifiers
        }
        if skip(UInt8(ascii: "+")), identifiers(numericRule: false, collect: false) == nil { return nil }
        guard index == bytes.count else { return nil }
        return SemanticVersion(major: major, minor: minor, patch: patch, prerelease: prerelease)
    }

    /// Consumes `byte` if it is next.
    private mutating func skip(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// A numeric part: digits, no leading zero, no overflow.
    private mutating func number() -> UInt64? {
        let start = index
        var value: UInt64 = 0
        while index < bytes.count, Self.isDigit(bytes[index]) {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        guard index > start, index - start == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        return value
    }

    /// Dot-separated identifiers of `[0-9A-Za-z-]` up to `+` or the end; with `numericRule` a
    /// numeric identifier may not have a leading zero. Returns them (empty unless `collect`),
    /// or nil when one is empty or invalid.
    private mutating func identifiers(numericRule: Bool, collect: Bool) -> [String]? {
        var found: [String] = []
        while true {
            let start = index
            var allDigits = true
            while index < bytes.count, bytes[index] != UInt8(ascii: "."), bytes[index] != UInt8(ascii: "+") {
                let byte = bytes[index]
                guard Self.isDigit(byte) || Self.isLetter(byte) || byte == UInt8(ascii: "-") else { return nil }
                allDigits = allDigits && Self.isDigit(byte)
                index += 1
            }
            guard index > start else { return nil }
            if numericRule, allDigits, index - start > 1, bytes[start] == UInt8(ascii: "0") { return nil }
            if collect { found.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
            guard skip(UInt8(ascii: ".")) else { return found }
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
}
