import Foundation
import Testing
import TrellisClient

/// TrellisClient against the running sample shop (SPEC §8.3, §10, §13): pages awaited with the
/// headers an app acts on, the server's error object on a failure, a deferred section loaded
/// into its placeholder's place, and the search results paged by splicing each next page.
@Suite(.serialized) struct ClientLibraryEndToEndTests {
    static func client(_ shop: SampleShopServers, _ version: String) -> PageClient {
        PageClient(builder: PageRequestBuilder(baseURL: shop.baseURL, clientVersion: version, deviceID: "device-1", timeout: 30))
    }

    @Test func pagesCarryTheHeadersAnAppActsOnAndFailuresTheErrorObject() async throws {
        let shop = try SampleShopServers()
        defer { shop.stop() }
        let home = try await Self.client(shop, "ios/6.0.0").page("/home")
        #expect(home.headers.release == "stable" && home.headers.variants.keys.contains("home-hero"))
        #expect(home.headers.contentLanguage == "en" && !home.upgradeRequired && !home.headers.upgradeSuggested)
        #expect(try await Self.client(shop, "ios/3.9.0").page("/home").upgradeRequired)
        #expect(try await Self.client(shop, "ios/4.4.0").page("/home").headers.upgradeSuggested)
        await #expect {
            _ = try await Self.client(shop, "ios/five").page("/home")
        } throws: { error in
            guard case .status(400, let server?) = error as? PageClient.Failure else { return false }
            return server.code == "bad_client_version" && server.message?.isEmpty == false
        }
    }

    @Test func aDeferredSectionIsLoadedInPlaceOfItsPlaceholder() async throws {
        let shop = try SampleShopServers()
        defer { shop.stop() }
        let client = Self.client(shop, "ios/6.0.0")
        var screen = try await client.screen("/product/3")
        let skeleton = try #require(try screen.root.allComponents.first { $0.id == "related" })
        guard case .unknown("skeleton", let data) = skeleton.content, let load = data["onAppear"] else {
            Issue.record("related is deferred as its skeleton: \(skeleton)")
            return
        }
        #expect(try await client.perform(load, on: &screen) == [])
        let related = try #require(try screen.root.allComponents.first { $0.id == "related" })
        #expect(related.type == "column" && related.allComponents.contains { $0.id == "related-carousel" })
    }

    @Test func searchResultsArePagedBySplicingEachNextPage() async throws {
        let shop = try SampleShopServers()
        defer { shop.stop() }
        let client = Self.client(shop, "ios/6.0.0")
        var screen = try await client.screen("/search?q=all")
        var pages = 1, counts: [Int] = []
        while let more = try screen.root.allComponents.first(where: { $0.type == "load-more" }), pages < 10 {
            counts.append(try Self.results(screen).count)
            guard case .unknown(_, let data) = more.content, let load = data["onAppear"] else { break }
            _ = try await client.perform(load, on: &screen)
            pages += 1
        }
        // samples/search.json's "all" holds 45 products; the backend pages them by 20.
        let ids = try Self.results(screen)
        #expect(counts == [20, 40] && ids.count == 45 && Set(ids).count == 45, "\(counts) then \(ids.count)")
    }

    /// The ids of the result cards on a search screen.
    static func results(_ screen: Screen) throws -> [String] {
        try screen.root.allComponents.map(\.id).filter { $0.hasPrefix("result-") }
    }
}
