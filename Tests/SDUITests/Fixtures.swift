import Testing
import TestSupport
@testable import SDUI

/// Small in-memory Pages folders for tests.
enum Fixtures {
    static let catalog = """
    { "components": {
      "page": { "slots": ["children"] },
      "column": { "slots": ["elements"] },
      "text": { "required": ["text"] },
      "divider": {},
      "image": { "required": ["url"], "since": { "ios": "2.0.0", "android": "2.0.0", "web": "1.0.0" },
                 "fallback": { "type": "text", "data": { "text": "{{alt}}" } } },
      "carousel": { "slots": ["items"], "since": { "ios": "5.0.0", "android": "5.2.0", "web": "1.0.0" },
                    "fallback": { "type": "column", "data": { "elements": "{{items}}" } } },
      "button": { "required": ["title", "action"],
                  "fields": { "style": { "since": { "ios": "4.1.0", "android": "4.0.0" } } } },
      "rating": { "required": ["value"], "since": { "ios": "6.0.0" } }
    } }
    """

    static let special = [
        "pages/upgrade.json": #"{"root":{"id":"upgrade","type":"page","data":{"children":[]}}}"#,
        "pages/not-found.json": #"{"root":{"id":"nf","type":"page","data":{"children":[]}}}"#,
    ]

    /// A folder with the test catalog, the special pages, and `extra` files (which win).
    static func files(_ extra: [String: String], catalog: String = catalog) -> [String: [UInt8]] {
        var files = special.merging(["catalog.json": catalog]) { a, _ in a }
        files.merge(extra) { _, b in b }
        return files.mapValues { Array($0.utf8) }
    }

    /// A folder whose `pages/p.json` (route `/p`) has `children` as its root's children.
    static func page(_ children: String, data: String = "", extra: [String: String] = [:]) -> [String: [UInt8]] {
        let dataPart = data.isEmpty ? "" : #""data":\#(data),"#
        var all = extra
        all["pages/p.json"] = #"{"route":"/p",\#(dataPart)"root":{"id":"p","type":"page","data":{"children":\#(children)}}}"#
        if !data.isEmpty, all["sources.json"] == nil {
            all["sources.json"] = #"{"sources":{"s":{"file":"data/s.json"},"u":{"url":"http://127.0.0.1:9/x/{{key}}","timeoutMs":80,"ttlSeconds":30}}}"#
            all["data/s.json"] = all["data/s.json"] ?? "{}"
        }
        return files(all)
    }

    static func load(_ files: [String: [UInt8]]) throws -> Site {
        switch Site.load(files: files) {
        case .success(let site): return site
        case .failure(let problems):
            Issue.record("unexpected problems: \(problems.map(\.description))")
            throw problems
        }
    }

    /// The problems as `file:path: message` lines.
    static func problems(_ files: [String: [UInt8]]) -> [String] {
        switch Site.load(files: files) {
        case .success: return []
        case .failure(let problems): return problems.map(\.description)
        }
    }

    /// Renders `template` and returns the body as text ("UPGRADE" for upgradeRequired).
    static func render(_ site: Site, _ template: String = "p", params: [String: String] = [:],
                       data: [String: JSONValue] = [:], client: ClientDescriptor = .version(ClientVersion(header: "ios/9.0.0")!),
                       variants: [String: String] = [:]) -> String {
        renderPage(site, template, params: params, data: data, client: client, variants: variants)
            .map { String(decoding: $0.body, as: UTF8.self) } ?? "UPGRADE"
    }

    static func renderPage(_ site: Site, _ template: String = "p", params: [String: String] = [:],
                           data: [String: JSONValue] = [:], client: ClientDescriptor = .version(ClientVersion(header: "ios/9.0.0")!),
                           variants: [String: String] = [:]) -> RenderedPage? {
        switch site.render(template: template, params: params, data: data, client: site.clientClass(for: client), variants: variants,
                           at: TestInstant.date) {
        case .page(let page): return page
        case .upgradeRequired: return nil
        }
    }

    static func json(_ text: String) -> JSONValue { try! JSONParser.parse(text) }

    static func client(_ header: String) -> ClientDescriptor { .version(ClientVersion(header: header)!) }
}
