import Foundation
import TestSupport
@testable import SDUI

/// A Pages folder for section tests (SPEC §10.1): the test catalog plus a `skeleton` type and
/// the `load` action (performed from ios 5.0.0, never on android).
enum SectionFixtures {
    static let catalog = """
    { "components": {
      "page": { "slots": ["children"] },
      "column": { "slots": ["elements"] },
      "text": { "required": ["text"] },
      "skeleton": { "fields": { "onAppear": { "type": "action" } } },
      "carousel": { "slots": ["items"], "since": { "ios": "5.0.0", "android": "5.2.0", "web": "1.0.0" },
                    "fallback": { "type": "column", "data": { "elements": "{{items}}" } } },
      "rating": { "required": ["value"], "since": { "ios": "6.0.0" } }
    },
      "actions": { "load": { "required": ["url", "target", "mode"], "since": { "ios": "5.0.0", "web": "1.0.0" } } } }
    """

    /// A `$section` named `name` with a skeleton placeholder and `then` as its content.
    static func section(name: String = "related", defer: String = "true", id: String = "related", then: String) -> String {
        #"{"$section":"\#(name)","defer":\#(`defer`),"placeholder":{"id":"\#(id)","type":"skeleton","data":{"onAppear":"{{section.load}}"}},"then":\#(then)}"#
    }

    /// The folder of a page `p` at `/p/:id`, declaring `query` (`q`), with `children` and data
    /// entries `title` (required, file) and `recs` (url).
    static func files(_ children: String, catalog: String = catalog, query: String = #"["q"]"#,
                      extra: [String: String] = [:]) -> [String: [UInt8]] {
        var all = extra
        all["pages/p.json"] = #"{"route":"/p/:id","query":\#(query),"data":{"title":{"source":"s","key":"{{params.id}}","required":true},"recs":{"source":"u","key":"{{params.id}}"}},"root":{"id":"p","type":"page","data":{"children":\#(children)}}}"#
        all["sources.json"] = #"{"sources":{"s":{"file":"data/s.json"},"u":{"url":"http://127.0.0.1:9/x/{{key}}","timeoutMs":80,"ttlSeconds":30}}}"#
        all["data/s.json"] = #"{"1":{"text":"One"}}"#
        return Fixtures.files(all, catalog: catalog)
    }

    static let ios6 = ClientDescriptor.version(ClientVersion(header: "ios/6.0.0")!)
    static let ios4 = ClientDescriptor.version(ClientVersion(header: "ios/4.0.0")!)
    static let android = ClientDescriptor.version(ClientVersion(header: "android/6.0.0")!)

    /// Renders page `p` for `client` with the sections `deferred` and returns its body.
    static func page(_ site: Site, data: [String: JSONValue], client: ClientDescriptor, deferred: Set<String> = [],
                     query: [String: String] = [:]) -> String {
        switch site.render(template: "p", params: ["id": "1"], query: query, data: data, client: site.clientClass(for: client),
                           variants: [:], at: TestInstant.date, deferred: deferred) {
        case .page(let page): String(decoding: page.body, as: UTF8.self)
        case .upgradeRequired: "UPGRADE"
        }
    }

    /// Renders section `name` of page `p` alone (from item `after` of its list): its body,
    /// "NOTHING" or "UPGRADE".
    static func alone(_ site: Site, _ name: String = "related", data: [String: JSONValue], client: ClientDescriptor,
                      variants: [String: String] = [:], query: [String: String] = [:], after: Int? = nil) -> String {
        switch site.renderSection(name, template: "p", params: ["id": "1"], query: query, data: data,
                                  client: site.clientClass(for: client), variants: variants, at: TestInstant.date, after: after) {
        case .component(let page): String(decoding: page.body, as: UTF8.self)
        case .nothing: "NOTHING"
        case .upgradeRequired: "UPGRADE"
        }
    }
}
