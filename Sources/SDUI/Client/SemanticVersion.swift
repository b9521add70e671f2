/// A SemVer 2.0.0 version, `MAJOR.MINOR.PATCH[-pre][+build]`, ordered by SemVer precedence:
/// a pre-release sorts before its release (`4.0.0-beta` < `4.0.0`), pre-release identifiers
/// compare numerically when numeric and ASCII-wise otherwise, and build metadata is ignored.
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: UInt64
    public var minor: UInt64
    public var patch: UInt64
    /// Dot-separated pre-release identifiers; empty for a release.
    public var prerelease: [String]

    public init(major: UInt64, minor: UInt64, patch: UInt64, prerelease: [String] = []) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = prerelease
    }

    /// Parses a strict SemVer 2.0.0 string; nil when malformed (leading zeros, empty
    /// identifiers, missing parts, characters outside `[0-9A-Za-z-]`).
    public init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ bytes -> SemanticVersion? in
            var scanner = SemanticVersionScanner(bytes: bytes)
            return scanner.version()
        }) else { return nil }
        self = parsed
    }

    public var description: String {
        "\(major).\(minor).\(patch)" + (prerelease.isEmpty ? "" : "-" + prerelease.joined(separator: "."))
    }

    public static func < (a: SemanticVersion, b: SemanticVersion) -> Bool {
        if (a.major, a.minor, a.patch) != (b.major, b.minor, b.patch) {
            return (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
        }
        switch (a.prerelease.isEmpty, b.prerelease.isEmpty) {
        case (true, _): return false
        case (false, true): return true
        case (false, false): break
        }
        for (x, y) in zip(a.prerelease, b.prerelease) where x != y {
            switch (UInt64(x), UInt64(y)) {
            case let (nx?, ny?): return nx < ny
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return x < y
            }
        }
        return a.prerelease.count < b.prerelease.count
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIILetter: Bool { isASCII && isLetter }
}
