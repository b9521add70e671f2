/// A client platform, as named in `X-Client-Version` and in `since` tables.
public enum Platform: String, Sendable, Hashable, CaseIterable {
    case ios, android, web
}

/// The parsed `X-Client-Version` header: `platform/semver`, e.g. `ios/5.2.0`.
public struct ClientVersion: Sendable, Hashable, CustomStringConvertible {
    public var platform: Platform
    public var version: SemanticVersion

    public init(platform: Platform, version: SemanticVersion) {
        self.platform = platform
        self.version = version
    }

    /// Parses `platform/version`; nil when malformed, empty, or the platform is unknown
    /// (platforms are lowercase; `iOS/5.0.0` is malformed).
    public init?(header: String) {
        guard let slash = header.firstIndex(of: "/"),
              let platform = Platform(rawValue: String(header[..<slash])),
              let version = SemanticVersion(String(header[header.index(after: slash)...]))
        else { return nil }
        self.init(platform: platform, version: version)
    }

    public var description: String { "\(platform.rawValue)/\(version)" }
}
