import Foundation
import Testing
import TestSupport

@testable import SDUI

/// SPEC §10.1's promise, as a property: for every page given and every client, every section
/// rendered alone is byte for byte the subtree its page holds in its place when the section is
/// inline, or nothing when nothing stands there, or the upgrade page when the page is one; and
/// its `X-Fallbacks` (by type) is what the page's explained fallbacks (`render --explain`) hold
/// in that place: those at or under the section's component, or, when nothing stands there, its
/// component's own drop for want of a renderable fallback (SPEC §4.1; a data-driven drop or an
/// unchosen branch counts none). Walks every section of every page of generated folders
/// (`PagesGenerator`) and of the sample Pages.
@Suite struct SectionPropertyTests {
    static let cases = GeneratedCases.count(default: 600)

    @Test func everySectionAloneIsItsSubtreeInGeneratedPages() throws {
        var sections = 0, failures = 0
        for seed in 1...UInt64(Self.cases) where failures < 5 {
            var generator = PagesGenerator(seed: seed)
            let files = generator.files().mapValues { Array($0.utf8) }.merging(Fixtures.special.mapValues { Array($0.utf8) }) { a, _ in a }
            let data = generator.data()
            guard case .success(let site) = Site.load(files: files) else { continue }  // the differential test reports these
            var random = SeededGenerator(seed: seed)
            for client in AssemblyDifferentialTests.clients(site, &random) {
                let time = PagesGenerator.edges.randomElement(using: &random)!
                let variant = ["A", "B"].randomElement(using: &random)!
                let input = "seed \(seed), client \(client), at \(time), variant \(variant)"
                sections += site.sections(of: "p").count
                if let problem = Self.check(site, "p", params: [:], data: ["d": data], client: client,
                                            variants: ["exp": variant], at: Date(timeIntervalSince1970: time)) {
                    Issue.record("\(problem)\n\(input)\n\(files.keys.sorted().map { "\($0): \(String(decoding: files[$0]!, as: UTF8.self))" }.joined(separator: "\n"))")
                    failures += 1
                    break
                }
            }
        }
        #expect(sections > 0)
    }

    @Test func everySectionAloneIsItsSubtreeInTheSamplePages() throws {
        try Self.forEachSamplePageWithSections { site, template, params, data, client in
            if let problem = Self.check(site, template, params: params, data: data, client: client, variants: [:], at: TestInstant.date) {
                Issue.record("\(template), \(client): \(problem)")
            }
        }
    }

    /// Runs `body` for each template of the sample Pages that has sections, with its sample
    /// path's params and its file data, for clients around the sample catalog's boundaries.
    static func forEachSamplePageWithSections(
        _ body: (Site, String, [String: String], [String: JSONValue], ClientDescriptor) -> Void) throws {
        let site = try Fixtures.load(SamplePagesTests.pagesFiles())
        let clients: [ClientDescriptor] = [.unknown] + ["ios/4.9.0", "ios/5.0.0", "ios/6.0.0", "android/5.0.0", "android/6.0.0", "web/1.0.0", "web/1.2.0"]
            .map { .version(ClientVersion(header: $0)!) }
        for template in site.templates.keys.sorted() where !site.sections(of: template).isEmpty {
            let page = String(template.prefix { $0 != "." })
            let params = site.samplePath(of: page).flatMap(site.match(path:))?.params ?? [:]
            let data = site.fileData(for: site.dataRequests(template: template, params: params))
            for client in clients { body(site, template, params, data, client) }
        }
    }

    /// What is wrong with the sections of `template` alone for `client`, or nil.
    static func check(_ site: Site, _ template: String, params: [String: String], data: [String: JSONValue],
                      client: ClientDescriptor, variants: [String: String], at date: Date) -> String? {
        let clientClass = site.clientClass(for: client)
        let page = site.render(template: template, params: params, data: data, client: clientClass, variants: variants, at: date)
        let explained = site.render(template: template, params: params, data: data, client: clientClass, variants: variants,
                                    at: date, explain: true)
        for place in site.templates[template]!.sections {
            let alone = site.renderSection(place.section.name, template: template, params: params, data: data,
                                           client: clientClass, variants: variants, at: date)
            switch (page, alone) {
            case (.upgradeRequired, .upgradeRequired): continue
            case (.page(let rendered), _):
                let expected = subtree(of: place.section, in: rendered.body)
                let got: String? = switch alone {
                case .component(let section): String(decoding: section.body, as: UTF8.self)
                case .nothing: nil
                case .upgradeRequired: "UPGRADE"
                }
                if got != expected {
                    return "section \(place.section.name): alone \(got ?? "nothing"), in the page \(expected ?? "nothing")\n"
                        + "page \(String(decoding: rendered.body, as: UTF8.self))"
                }
                let counted: RenderedPage? = switch alone {
                case .component(let section), .nothing(let section): section
                case .upgradeRequired: nil
                }
                if let counted, case .page(let explained) = explained {
                    let held = fallbacks(of: place.section, in: explained)
                    if counted.fallbackTypes != held || counted.fallbacks != held.values.reduce(0, +) {
                        return "section \(place.section.name): X-Fallbacks alone \(counted.fallbacks) \(counted.fallbackTypes), "
                            + "in the page's place \(held)\nrecords \(explained.fallbackRecords.map(\.line))\n"
                            + "page \(String(decoding: rendered.body, as: UTF8.self))"
                    }
                }
            default: return "section \(place.section.name): the page is \(page), alone \(alone)"
            }
        }
        return nil
    }

    /// The fallbacks, by original type, that the explained `page` records in the section's place:
    /// where its component stands, those at its path with its id (its own replacement) and those
    /// under it; where none stands, its component's own drop (a record with its id, served nothing).
    static func fallbacks(of section: SectionTemplate, in page: RenderedPage) -> [String: Int] {
        let ids = Set(TemplateCompiler.topIDs(section.then).compactMap { $0.literalValue?.stringValue })
        let records = if let path = path(of: section, in: page.body) {
            page.fallbackRecords.filter {
                $0.path == path && ids.contains($0.id) || $0.path.hasPrefix(path + ".") || $0.path.hasPrefix(path + "[")
            }
        } else {
            page.fallbackRecords.filter { ids.contains($0.id) && $0.servedType == nil }
        }
        return records.reduce(into: [:]) { $0[$1.originalType, default: 0] += 1 }
    }

    /// The JSON path (as `FallbackRecord.path` writes it) of the component in `body` whose id is
    /// the section's (literal) id.
    static func path(of section: SectionTemplate, in body: [UInt8]) -> String? {
        let ids = TemplateCompiler.topIDs(section.then).compactMap { $0.literalValue?.stringValue }
        func find(_ value: JSONValue, at path: String) -> String? {
            switch value {
            case .object(let object):
                if let id = object["id"]?.stringValue, ids.contains(id), object["type"] != nil { return path }
                return object.members.lazy.compactMap { find($0.value, at: path.key($0.key)) }.first
            case .array(let items): return items.indices.lazy.compactMap { find(items[$0], at: path.index($0)) }.first
            default: return nil
            }
        }
        return (try? JSONParser.parse(body)).flatMap { find($0, at: "$") }
    }

    /// The compact bytes of the component in `body` whose id is the section's (literal) id.
    static func subtree(of section: SectionTemplate, in body: [UInt8]) -> String? {
        let ids = TemplateCompiler.topIDs(section.then).compactMap { $0.literalValue?.stringValue }
        func find(_ value: JSONValue) -> JSONValue? {
            switch value {
            case .object(let object):
                if let id = object["id"]?.stringValue, ids.contains(id), object["type"] != nil { return value }
                return object.members.lazy.compactMap { find($0.value) }.first
            case .array(let items): return items.lazy.compactMap(find).first
            default: return nil
            }
        }
        return (try? JSONParser.parse(body)).flatMap(find).map { String(decoding: JSONWriter.encode($0), as: UTF8.self) }
    }
}
