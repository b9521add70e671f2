/// What `trellis diff` and `validate --max-bytes` enumerate (SPEC §8.4): the routed pages,
/// a sample path for each, and the client versions at which what a client receives can change.
extension Site {
    /// The routed pages (canaries, `upgrade` and `not-found` excluded) with their routes, by route.
    public var routedPages: [(page: String, route: String)] {
        templates.values.filter { $0.route != nil && !$0.isCanary }
            .map { ($0.name, $0.route!.text) }.sorted { $0.1 < $1.1 }
    }

    /// A path for `page` whose route parameters are keys of the `file` sources they key (the
    /// lowest key, numbers in numeric order); nil when a parameter keys no file source.
    public func samplePath(of page: String) -> String? {
        guard let template = templates[page], let route = template.route else { return nil }
        var path = ""
        for segment in route.segments {
            switch segment {
            case .literal(let text): path += "/" + text
            case .param(let name):
                guard let value = sampleKey(for: name, in: template) else { return nil }
                path += "/" + value
            }
        }
        return path.isEmpty ? "/" : path
    }

    private func sampleKey(for param: String, in template: PageTemplate) -> String? {
        for entry in template.data {
            guard entry.key.count == 1, case .binding(let binding) = entry.key[0],
                  binding.segments == ["params", param], let values = sources.fileValues[entry.source]
            else { continue }
            let keys = values.keys.filter { !$0.isEmpty && $0.utf8.count <= 128 && $0.utf8.allSatisfy(Route.isValueByte) }
            if let first = keys.min(by: { (Int($0) ?? .max, $0) < (Int($1) ?? .max, $1) }) { return first }
        }
        return nil
    }

    /// Versions of `platform` at which what a client receives may change: every `since`
    /// (types, fields, actions), every `disabled` bound (an exact version and the next patch
    /// after it), and `minVersions`. Sorted, distinct.
    public func versionBoundaries(of platform: Platform) -> [SemanticVersion] {
        Self.versionBoundaries(of: platform, catalog: catalog, rollout: rollout)
    }

    /// `versionBoundaries(of:)` of a site with `catalog` and `rollout`.
    static func versionBoundaries(of platform: Platform, catalog: Catalog, rollout: RolloutConfig) -> [SemanticVersion] {
        var versions = Set<SemanticVersion>()
        func add(_ table: VersionTable?) { if let version = table?.versions[platform] { versions.insert(version) } }
        func add(_ disabled: DisabledVersions?) {
            for range in disabled?.ranges[platform] ?? [] {
                versions.insert(range.from)
                let end = range.below ?? SemanticVersion(major: range.from.major, minor: range.from.minor, patch: range.from.patch + 1)
                versions.insert(end)
            }
        }
        for type in catalog.types {
            add(type.since)
            add(type.disabled)
            for rule in type.fields { add(rule.since) }
        }
        for action in catalog.actions.types {
            add(action.since)
            add(action.disabled)
        }
        if let minimum = rollout.minVersions[platform] { versions.insert(minimum) }
        return versions.sorted()
    }
}

extension Site {
    /// Every component and action type name the catalog declares, sorted: the names
    /// `X-Client-Capabilities` may usefully carry (others are ignored, SPEC §4.4).
    public var capabilityNames: [String] {
        Array(Set(catalog.types.map(\.name) + catalog.actions.types.map(\.name))).sorted()
    }
}
