import Foundation
import Testing
import TestSupport

@testable import SDUI

/// The load-time analysis of sections a client can never be shown (`ShowableTypes`,
/// `Site.absentSections`), against the renderer as its oracle: in generated folders
/// (`PagesGenerator`: types with `since`, `disabled`, chained and null fallbacks, `required`
/// components, sections inside `$if`), every section called absent for a client is, rendered
/// alone with the data, nothing, or the upgrade page where the page is one; with other data too.
@Suite struct AbsentSectionPropertyTests {
    static let cases = GeneratedCases.count(default: 600)

    @Test func aSectionCalledAbsentShowsNothingWhateverTheData() throws {
        var absent = 0, failures = 0
        seeds: for seed in 1...UInt64(Self.cases) where failures < 5 {
            var generator = PagesGenerator(seed: seed)
            let files = generator.files().mapValues { Array($0.utf8) }.merging(Fixtures.special.mapValues { Array($0.utf8) }) { a, _ in a }
            let datasets = [generator.data(), generator.data(), generator.data()]
            guard case .success(let site) = Site.load(files: files) else { continue }  // the differential test reports these
            var random = SeededGenerator(seed: seed)
            for client in AssemblyDifferentialTests.clients(site, &random) {
                let clientClass = site.clientClass(for: client)
                let variant = ["A", "B"].randomElement(using: &random)!
                let date = Date(timeIntervalSince1970: PagesGenerator.edges.randomElement(using: &random)!)
                for name in site.absentSections(template: "p", client: clientClass).sorted() {
                    absent += 1
                    for data in datasets {
                        let page = site.render(template: "p", params: [:], data: ["d": data], client: clientClass,
                                               variants: ["exp": variant], at: date)
                        let alone = site.renderSection(name, template: "p", params: [:], data: ["d": data], client: clientClass,
                                                       variants: ["exp": variant], at: date)
                        switch (page, alone) {
                        case (.page, .nothing), (.upgradeRequired, .upgradeRequired): continue
                        default:
                            Issue.record("seed \(seed), client \(client), section \(name): alone \(alone), page \(page)")
                            failures += 1
                            continue seeds
                        }
                    }
                }
            }
        }
        #expect(absent > 0)
    }
}
