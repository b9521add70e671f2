/// A client platform, as named in `X-Client-Version` and in `since` tables.
public enum Platform: String, Sendable, Hashable, CaseIterable {
    case ios, android, web

    /// Hashes the case, not its raw value: a raw-valued enum would otherwise hash its name's
    /// string, and every page request hashes its client's platform once (its client class).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .ios: hasher.combine(UInt8(0))
        case .android: hasher.combine(UInt8(1))
        case .web: hasher.combine(UInt8(2))
        }
    }

    /// The platform whose raw value is exactly these bytes.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        // Names are at most 7 bytes: such a `String` is stored inline (no allocation).
        guard bytes.count <= 7 else { return nil }
        self.init(rawValue: String(decoding: bytes, as: UTF8.self))
    }
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
        var header = header
        guard let parsed = header.withUTF8({ bytes -> ClientVersion? in
            guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")),
                  let platform = Platform(bytes: UnsafeBufferPointer(rebasing: bytes[..<slash]))
            else { return nil }
            var scanner = SemanticVersionScanner(bytes: UnsafeBufferPointer(rebasing: bytes[(slash + 1)...]))
            return scanner.version().map { ClientVersion(platform: platform, version: $0) }
        }) else { return nil }
        self = parsed
    }

    public var description: String { "\(platform.rawValue)/\(version)" }
}
