import Foundation
import TestSupport
import Testing

/// The seed article's client: a `Decodable` model that knows only `page`, `column` and `text`
/// and throws on anything else. Whatever the server sends a client that says so must decode.
indirect enum StrictComponent: Decodable {
    case page(id: String, children: [StrictComponent])
    case column(id: String, elements: [StrictComponent])
    case text(id: String, text: String)

    private enum Keys: String, CodingKey { case id, type, data }
    private enum DataKeys: String, CodingKey { case children, elements, text }
    struct UnknownType: Error { let type: String }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        guard container.allKeys.count == 3 else { throw UnknownType(type: "extra keys") }
        let id = try container.decode(String.self, forKey: .id)
        let type = try container.decode(String.self, forKey: .type)
        let data = try container.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
        switch type {
        case "page": self = .page(id: id, children: try data.decode([StrictComponent].self, forKey: .children))
        case "column": self = .column(id: id, elements: try data.decode([StrictComponent].self, forKey: .elements))
        case "text": self = .text(id: id, text: try data.decode(String.self, forKey: .text))
        default: throw UnknownType(type: type)
        }
    }
}

@Suite(.serialized) struct StrictClientTests {
    @Test func everySamplePageDecodesForAPageColumnTextClient() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        let client = try TestClient(port: server.port)
        let capabilities = ("X-Client-Capabilities", "page,column,text")
        var paths = ["/home", "/product/999999"] + (1...25).map { "/product/\($0)" }
        paths += ["/home?canary"]
        for path in paths {
            for extra in [[("X-Release", "stable")], [("X-Release", "canary")], [("X-AB-Variant", "home-hero=B")]] {
                let response = try client.request(path, headers: [capabilities, ("X-Client-Version", "ios/9.0.0")] + extra)
                #expect([200, 404].contains(response.status))
                #expect(throws: Never.self, "\(path) \(extra)") {
                    try JSONDecoder().decode(StrictComponent.self, from: Data(response.body))
                }
            }
        }
        // The upgrade page, for a client below minVersions, decodes too.
        let upgrade = try client.request("/home", headers: [capabilities, ("X-Client-Version", "ios/3.0.0")])
        #expect(upgrade.header("X-Upgrade-Required") == "true")
        #expect(throws: Never.self) { try JSONDecoder().decode(StrictComponent.self, from: Data(upgrade.body)) }
        server.stop()
    }

    @Test func differentClientsNeverShareACachedRepresentation() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        let client = try TestClient(port: server.port)
        let clients = [[("X-Client-Version", "ios/4.9.0")], [("X-Client-Version", "ios/5.2.0")],
                       [("X-Client-Capabilities", "page,column,text")], [],
                       [("X-Client-Version", "android/5.1.0")], [("X-Client-Version", "web/1.0.0")]]
        // /home binds only file sources, so its representations are cached per client class.
        for round in 0..<2 {
            for headers in clients {
                let served = try client.request("/home", headers: headers)
                var arguments = ["render", "/home", "--pages", ServeEndToEndTests.pages]
                for (name, value) in headers {
                    arguments += [name == "X-Client-Version" ? "--client" : "--capabilities", value]
                }
                #expect(try runTrellis(arguments).stdout == served.body, "round \(round) \(headers)")
            }
        }
        let hits = try #require(try server.metric("trellis_cache_hits_total"))
        #expect(hits >= Double(clients.count))
        server.stop()
    }
}
