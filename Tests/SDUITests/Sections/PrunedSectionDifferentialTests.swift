import Foundation
import Testing
import TestSupport

@testable import SDUI

/// The oracle of the pruned section render (STYLE.md: a fast path has an oracle): a section
/// rendered alone (`Site.renderSection`, from the page pruned for it when there is one,
/// `SectionPruning`) is the same outcome, bytes and tallies (a 204's too), as the section captured from a
/// render of the whole page, on generated Pages folders (`PagesGenerator`, with ids that may
/// repeat others) for clients around every boundary, and on the sample Pages (each page of a
/// paged list too).
///
/// `TRELLIS_DIFF_CASES` sets the number of folders; `TRELLIS_DIFF_SEED` the first seed.
@Suite struct PrunedSectionDifferentialTests {
    static let cases = GeneratedCases.count(default: 2_000)

    @Test func prunedAndWholePageSectionsAgreeInGeneratedPages() throws {
        var pruned = 0, failures = 0
        let first = AssemblyDifferentialTests.firstSeed
        for seed in first..<(first + UInt64(Self.cases)) where failures < 5 {
            var generator = PagesGenerator(seed: seed)
            generator.collidingIDs = true
            let files = generator.files()
            let data = generator.data()
            let all = files.mapValues { Array($0.utf8) }.merging(Fixtures.special.mapValues { Array($0.utf8) }) { a, _ in a }
            guard case .success(let site) = Site.load(files: all) else { continue }  // the assembly differential test reports these
            var random = SeededGenerator(seed: seed)
            for client in AssemblyDifferentialTests.clients(site, &random) {
                let time = PagesGenerator.edges.randomElement(using: &random)! + [-1, 0, 1].randomElement(using: &random)!
                let variant = ["A", "B"].randomElement(using: &random)!
                let (problem, fast) = Self.compare(site, "p", params: [:], data: ["d": data], client: client,
                                                   variants: ["exp": variant], at: Date(timeIntervalSince1970: time))
                pruned += fast
                if let problem {
                    let folder = files.keys.sorted().map { "\($0): \(files[$0]!)" }.joined(separator: "\n")
                    let bound = String(decoding: JSONWriter.encode(data), as: UTF8.self)
                    Issue.record("\(problem)\nseed \(seed), client \(client), at \(time), variant \(variant)\n\(folder)\ndata d: \(bound)")
                    failures += 1
                    break
                }
            }
        }
        #expect(pruned > 0)
    }

    @Test func prunedAndWholePageSectionsAgreeInTheSamplePages() throws {
        var pruned = 0
        let files = SamplePagesTests.pagesFiles()
        try SectionPropertyTests.forEachSamplePageWithSections { site, template, params, data, client in
            // With the file sources alone, and with each url source's first sample value too.
            for data in [data, data.merging(Self.sampleValues(site, template, files: files)) { file, _ in file }] {
                let (problem, fast) = Self.compare(site, template, params: params, data: data, client: client, variants: [:],
                                                   at: TestInstant.date)
                pruned += fast
                if let problem { Issue.record("\(template), \(client), \(data.keys.sorted()): \(problem)") }
            }
        }
        #expect(pruned > 0)
    }

    /// The first value of the `sample` file of each url source `template`'s entries read.
    static func sampleValues(_ site: Site, _ template: String, files: [String: [UInt8]]) -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        for entry in site.templates[template]!.data {
            guard let path = site.sources.samples[entry.source], let bytes = files[path],
                  case .object(let records)? = try? JSONParser.parse(bytes), let first = records.members.first else { continue }
            values[entry.name] = first.value
        }
        return values
    }

    /// What differs between each section of `template` alone and the same section captured
    /// from the whole page (nil: nothing), for each page of a paged list too; and how many of
    /// those renders had a pruned page to start from.
    static func compare(_ site: Site, _ template: String, params: [String: String], data: [String: JSONValue],
                        client: ClientDescriptor, variants: [String: String], at date: Date) -> (String?, Int) {
        let page = site.templates[template]!, clientClass = site.clientClass(for: client)
        var pruned = 0
        for place in page.sections {
            for after in place.section.list == nil ? [nil] : [nil, 0, 1, 3] {
                let name = place.section.name
                let alone = site.renderSection(name, template: template, params: params, data: data, client: clientClass,
                                               variants: variants, at: date, after: after)
                let whole = site.renderSection(name, of: page, root: page.root, params: params, query: [:], data: data,
                                               client: clientClass, variants: variants, locale: nil, at: date, after: after)
                if place.prunedRoot != nil { pruned += 1 }
                if let difference = Self.difference(alone, whole) {
                    return ("section \(name), after \(after.map(String.init) ?? "-"): \(difference)", pruned)
                }
            }
        }
        return (nil, pruned)
    }

    /// What differs between two outcomes, or nil when nothing does.
    static func difference(_ alone: Site.SectionOutcome, _ whole: Site.SectionOutcome) -> String? {
        func page(_ outcome: Site.SectionOutcome) -> RenderedPage? {
            switch outcome {
            case .component(let rendered): rendered
            case .nothing(let counted):
                RenderedPage(body: Array("NOTHING".utf8), fallbacks: counted.fallbacks, fallbackTypes: counted.fallbackTypes,
                             actionFallbackTypes: counted.actionFallbackTypes)
            case .upgradeRequired: nil
            }
        }
        return AssemblyDifferentialTests.difference(page(alone), page(whole), names: ("alone", "whole page"))
    }
}
