/// The client classes of SPEC §12 for one Pages version, by version: for each platform, the
/// ranges between two boundaries of the catalog and rollout (every `since`, `disabled` bound and
/// field `since`, `minVersions` and `softMinVersions`), so that every version in a range gets
/// the same components, fields and actions on every page. A class is named by its platform and
/// the lowest version of its range (`ios/5.1.0`, or `ios/0.0.0` below every boundary); a
/// request without a version is `none`. The same for all pages, and a small set.
public struct ClientRanges: Sendable {
    /// Per platform (in `Platform.allCases` order): the starts of its ranges, ascending, the
    /// first `0.0.0`.
    public let starts: [[SemanticVersion]]
    /// The class names, by index: `none` first, then each platform's ranges in order.
    public let names: [String]
    /// The index of each platform's first range in `names`.
    private let offsets: [Int]

    /// The ranges whose boundaries (besides `0.0.0`) are `boundaries(platform)`.
    init(boundaries: (Platform) -> [SemanticVersion]) {
        let zero = SemanticVersion(major: 0, minor: 0, patch: 0)
        starts = Platform.allCases.map { Set(boundaries($0) + [zero]).sorted() }
        assert(Platform.allCases.enumerated().allSatisfy { Self.position(of: $1) == $0 })
        var names = ["none"], offsets: [Int] = []
        for (platform, starts) in zip(Platform.allCases, starts) {
            offsets.append(names.count)
            names += starts.map { "\(platform.rawValue)/\($0)" }
        }
        self.names = names
        self.offsets = offsets
    }

    /// Whether a client's version can change what it receives (SPEC §12: `X-Client-Version` in
    /// `Vary`): some platform has a boundary.
    public var versionShapesBodies: Bool { starts.contains { $0.count > 1 } }

    /// The index in `names` of the class of `client` (0, `none`, without a version). A
    /// pre-release sorts below its release (SemVer), so `5.1.0-beta` is in the range below `5.1.0`.
    public func index(of client: ClientVersion?) -> Int {
        guard let client else { return 0 }
        let platform = Self.position(of: client.platform)
        let ranges = starts[platform]
        // Ranges are few (a dozen per platform): a scan from the top beats a binary search's branches.
        return offsets[platform] + (ranges.lastIndex { $0 <= client.version } ?? 0)
    }

    /// The platform's position in `Platform.allCases` (a switch: the request path builds no array).
    private static func position(of platform: Platform) -> Int {
        switch platform {
        case .ios: 0
        case .android: 1
        case .web: 2
        }
    }
}
