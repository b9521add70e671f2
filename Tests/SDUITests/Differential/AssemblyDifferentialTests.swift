import Foundation
import Testing
import TestSupport

@testable import SDUI

/// The oracle of the streaming assembly (STYLE.md: a fast path has an oracle): on generated
/// Pages folders (`PagesGenerator`), the streamed body and the evaluated tree's (`explain: true`
/// goes the tree's way) are the same bytes with the same tallies, or both the upgrade page, for
/// clients around every `since` and `disabled` boundary, with no version, and with capability
/// lists, with some of the page's sections deferred; and no served body holds a `fallback` key
/// or a `$` directive (SPEC §2.1, §14).
///
/// `TRELLIS_DIFF_CASES` sets the number of folders (`make fuzz-diff` runs many);
/// `TRELLIS_DIFF_SEED` the first seed, so one failing case replays alone.
@Suite struct AssemblyDifferentialTests {
    static let cases = GeneratedCases.count(default: 2_000)
    static let firstSeed = ProcessInfo.processInfo.environment["TRELLIS_DIFF_SEED"].flatMap { UInt64($0) } ?? 1
    /// The versions clients send: below, at and between the generated `since`/`disabled` ones.
    static let clientVersions = ["0.9.0", "1.0.0", "1.5.0", "2.0.0", "2.5.0", "3.0.0", "4.0.0"]

    @Test func streamingAndTreeAssemblyAgree() throws {
        var loaded = 0, compared = 0, failures = 0
        for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.cases)) where failures < 5 {
            var generator = PagesGenerator(seed: seed)
            let files = generator.files()
            let data = generator.data()
            let input = "seed \(seed)\n" + files.keys.sorted().map { "\($0): \(files[$0]!)" }.joined(separator: "\n")
                + "\ndata d: \(String(decoding: JSONWriter.encode(data), as: UTF8.self))"
            let site: Site
            switch Site.load(files: files.mapValues { Array($0.utf8) }.merging(Fixtures.special.mapValues { Array($0.utf8) }) { a, _ in a }) {
            case .success(let loadedSite): site = loadedSite
            case .failure(let problems):
                Issue.record("generated Pages don't load: \(problems.map(\.description))\n\(input)")
                failures += 1
                continue
            }
            loaded += 1
            var random = SeededGenerator(seed: seed)
            for client in Self.clients(site, &random) {
                let time = PagesGenerator.edges.randomElement(using: &random)! + [-1, 0, 1].randomElement(using: &random)!
                let variant = ["A", "B"].randomElement(using: &random)!
                let deferred = Set(site.sections(of: "p").map(\.name).filter { _ in Bool.random(using: &random) })
                let context = "client \(client), at \(time), variant \(variant), deferred \(deferred.sorted())\n\(input)"
                let streamed = Self.render(site, data, client, time, variant, deferred: deferred, explain: false)
                let tree = Self.render(site, data, client, time, variant, deferred: deferred, explain: true)
                compared += 1
                if let difference = Self.difference(streamed, tree) {
                    Issue.record("streamed and tree assembly differ: \(difference)\n\(context)")
                    failures += 1
                    break
                }
                if let body = streamed?.body, let leak = Self.leak(in: body) {
                    Issue.record("a served body holds \(leak)\n\(context)")
                    failures += 1
                    break
                }
            }
        }
        if failures == 0 { #expect(loaded == Self.cases && compared == loaded * 8) }
    }

    /// Every platform at versions around every boundary, no version, and capability lists
    /// (component and action names at random, with a version or without): a sample of them.
    static func clients(_ site: Site, _ random: inout SeededGenerator) -> [ClientDescriptor] {
        var all: [ClientDescriptor] = [.unknown]
        for platform in PagesGenerator.platforms {
            for version in clientVersions { all.append(.version(ClientVersion(header: "\(platform)/\(version)")!)) }
        }
        let names = site.catalog.types.map(\.name) + site.catalog.actions.types.map(\.name)
        for _ in 0..<4 {
            let version = Bool.random(using: &random) ? ClientVersion(header: "ios/\(clientVersions.randomElement(using: &random)!)") : nil
            all.append(.capabilities(Set(names.filter { $0 == "page" || Bool.random(using: &random) }), version: version))
        }
        return Array(all.shuffled(using: &random).prefix(8))
    }

    static func render(_ site: Site, _ data: JSONValue, _ client: ClientDescriptor, _ time: Double, _ variant: String,
                       deferred: Set<String> = [], explain: Bool) -> RenderedPage? {
        switch site.render(template: "p", params: [:], data: ["d": data], client: site.clientClass(for: client),
                           variants: ["exp": variant], at: Date(timeIntervalSince1970: time), explain: explain, deferred: deferred) {
        case .page(let page): page
        case .upgradeRequired: nil
        }
    }

    /// What differs between two outcomes (nil: the upgrade page), or nil when nothing does;
    /// `names` say which is which.
    static func difference(_ streamed: RenderedPage?, _ tree: RenderedPage?,
                           names: (String, String) = ("streamed", "tree")) -> String? {
        func text(_ page: RenderedPage?) -> String { page.map { String(decoding: $0.body, as: UTF8.self) } ?? "UPGRADE" }
        if text(streamed) != text(tree) { return "body\n  \(names.0): \(text(streamed))\n  \(names.1): \(text(tree))" }
        guard let streamed, let tree else { return nil }
        if streamed.fallbacks != tree.fallbacks || streamed.fallbackTypes != tree.fallbackTypes {
            return "fallbacks: \(names.0) \(streamed.fallbackTypes), \(names.1) \(tree.fallbackTypes)"
        }
        if streamed.actionFallbackTypes != tree.actionFallbackTypes {
            return "action fallbacks: \(names.0) \(streamed.actionFallbackTypes), \(names.1) \(tree.actionFallbackTypes)"
        }
        return nil
    }

    /// A `fallback` key or a `$` directive key anywhere in a served body (generated data holds
    /// neither except in actions' own fallbacks).
    static func leak(in body: [UInt8]) -> String? {
        func find(_ value: JSONValue) -> String? {
            switch value {
            case .object(let object):
                for member in object.members {
                    if member.key == "fallback" || member.key.hasPrefix("$") { return "the key \"\(member.key)\"" }
                    if let found = find(member.value) { return found }
                }
                return nil
            case .array(let items): return items.lazy.compactMap(find).first
            default: return nil
            }
        }
        guard let value = try? JSONParser.parse(body) else { return "invalid JSON" }
        return find(value)
    }
}
