import Foundation
import TestSupport
import Testing
import TrellisClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Negotiation over the wire, read with the TrellisClient library (SPEC §8.3): several client
/// classes, typed actions, ETag revalidation, the action fallback metric, and the kill switch
/// applied by a reload (SPEC §7.2).
@Suite(.serialized) struct NegotiationEndToEndTests {
    static func client(_ server: ServerProcess, version: String? = nil, capabilities: [String]? = nil) -> PageClient {
        PageClient(builder: PageRequestBuilder(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!, clientVersion: version,
                                               capabilities: capabilities, deviceID: "device-1"))
    }

    static func types(_ page: PageClient.Page) -> Set<String> { Set(page.root.allComponents.map(\.type)) }

    static func action(_ page: PageClient.Page, _ id: String) -> Action? {
        guard case .button(_, _, let action)? = page.root.allComponents.first(where: { $0.id == id })?.content else { return nil }
        return action
    }

    @Test func clientClassesGetTheirOwnPagesActionsAndRevalidate() async throws {
        let server = try ServerProcess(pages: ServerProcess.packageRoot + "/Pages")
        let old = Self.client(server, version: "ios/4.9.0"), new = Self.client(server, version: "ios/6.0.0")
        let android = Self.client(server, version: "android/5.0.0"), web = Self.client(server, version: "web/1.0.0")
        let none = Self.client(server), capable = Self.client(server, version: "ios/6.0.0", capabilities: ["page", "column", "text", "button", "navigate"])

        let oldHome = try await old.page("/home"), newHome = try await new.page("/home")
        #expect(!Self.types(oldHome).contains("carousel") && Self.types(oldHome).contains("column") && oldHome.fallbacks > 0)
        #expect(Self.types(newHome).contains("carousel"))
        #expect(!Self.types(try await android.page("/home")).contains("carousel"))  // android carousel is 5.2.0
        #expect(Self.types(try await web.page("/home")).contains("carousel"))
        #expect(!Self.types(try await none.page("/home")).contains("image"))
        let capableHome = try await capable.page("/home")
        #expect(Self.types(capableHome).isSubset(of: ["page", "column", "text", "button"]))

        let oldProduct = try await old.page("/product/1")
        #expect(Self.action(oldProduct, "share") == .navigate(url: "https://example-shop.com/product/1"))
        #expect(Self.action(try await new.page("/product/1"), "share") == .share(url: "https://example-shop.com/product/1"))
        // Add to cart submits the action to the server (SPEC §11); an app before submit keeps its own add-to-cart.
        #expect(Self.action(try await new.page("/product/1"), "add-to-cart")?.type == "submit")
        #expect(Self.action(oldProduct, "add-to-cart") == .addToCart(productId: "1"))
        #expect(try await Self.client(server, version: "ios/3.0.0").page("/home").upgradeRequired)

        let again = try await new.page("/home")
        #expect(again.revalidated && again.root == newHome.root && again.etag == newHome.etag)

        let metrics = try TestClient(port: server.port).request("/metrics").bodyText
        #expect(metrics.contains(#"trellis_action_fallbacks_total{type="share"} 1"#))
        #expect(metrics.contains(#"trellis_action_fallbacks_total{type="submit"} 1"#))
        server.stop()
    }

    @Test func theKillSwitchAppliesOnReloadForThatVersionOnly() async throws {
        let pages = try TempPages()
        let server = try ServerProcess(pages: pages.path)
        let killed = Self.client(server, version: "ios/5.3.0"), spared = Self.client(server, version: "ios/5.2.0")
        let capable = Self.client(server, version: "ios/5.3.0", capabilities: ["page", "column", "carousel", "text", "product-card", "button"])
        for client in [killed, spared, capable] { #expect(Self.types(try await client.page("/home")).contains("carousel")) }

        let catalog = try pages.read("catalog.json")
        try pages.write("catalog.json", catalog.replacingOccurrences(
            of: #""carousel":     { "slots": ["items"],"#, with: #""carousel":     { "disabled": { "ios": ["5.3.0"] }, "slots": ["items"],"#))
        // The reload is awaited as an event (the served version's number), not within a time.
        try server.waitForConfigVersion(2, timeout: 60)
        #expect(Self.types(try await killed.page("/home")).isDisjoint(with: ["carousel"]))
        #expect(Self.types(try await capable.page("/home")).isDisjoint(with: ["carousel"]))
        #expect(Self.types(try await spared.page("/home")).contains("carousel"))
        server.stop()
    }

    /// A load awaits its answer without holding a thread, and still fails, at the builder's
    /// timeout, when the server never answers.
    @Test func aLoadFailsAtItsTimeoutWhenTheServerNeverAnswers() async throws {
        let silent = FakeUpstream()
        defer { silent.stop() }
        silent.script("/home", .hang)
        let client = PageClient(builder: PageRequestBuilder(baseURL: URL(string: silent.url(""))!, timeout: 0.3))
        await #expect {
            try await client.page("/home")
        } throws: { error in
            guard case .transport(let reason) = error as? PageClient.Failure else { return false }
            return reason.contains("-1001")  // NSURLErrorTimedOut
        }
    }
}
