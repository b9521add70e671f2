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
    /// Loads `path` with `client` and waits for the answer on the test's own thread.
    static func load(_ client: PageClient, _ path: String) throws -> PageClient.Page {
        let result = LockedBox<Result<PageClient.Page, PageClient.Failure>>()
        let done = DispatchSemaphore(value: 0)
        client.load(path) { answer in
            result.value = answer
            done.signal()
        }
        guard done.wait(timeout: .now() + 10) == .success, let answer = result.value else { throw TestFailure("no answer for \(path)") }
        return try answer.get()
    }

    static func client(_ server: ServerProcess, version: String? = nil, capabilities: [String]? = nil) -> PageClient {
        PageClient(builder: PageRequestBuilder(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!, clientVersion: version,
                                               capabilities: capabilities, deviceID: "device-1"))
    }

    static func types(_ page: PageClient.Page) -> Set<String> { Set(page.root.allComponents.map(\.type)) }

    static func action(_ page: PageClient.Page, _ id: String) -> Action? {
        guard case .button(_, _, let action)? = page.root.allComponents.first(where: { $0.id == id })?.content else { return nil }
        return action
    }

    @Test func clientClassesGetTheirOwnPagesActionsAndRevalidate() throws {
        let server = try ServerProcess(pages: ServerProcess.packageRoot + "/Pages")
        let old = Self.client(server, version: "ios/4.9.0"), new = Self.client(server, version: "ios/6.0.0")
        let android = Self.client(server, version: "android/5.0.0"), web = Self.client(server, version: "web/1.0.0")
        let none = Self.client(server), capable = Self.client(server, version: "ios/6.0.0", capabilities: ["page", "column", "text", "button", "navigate"])

        let oldHome = try Self.load(old, "/home"), newHome = try Self.load(new, "/home")
        #expect(!Self.types(oldHome).contains("carousel") && Self.types(oldHome).contains("column") && oldHome.fallbacks > 0)
        #expect(Self.types(newHome).contains("carousel"))
        #expect(!Self.types(try Self.load(android, "/home")).contains("carousel"))  // android carousel is 5.2.0
        #expect(Self.types(try Self.load(web, "/home")).contains("carousel"))
        #expect(!Self.types(try Self.load(none, "/home")).contains("image"))
        let capableHome = try Self.load(capable, "/home")
        #expect(Self.types(capableHome).isSubset(of: ["page", "column", "text", "button"]))

        #expect(Self.action(try Self.load(old, "/product/1"), "share") == .navigate(url: "https://example-shop.com/product/1"))
        #expect(Self.action(try Self.load(new, "/product/1"), "share") == .share(url: "https://example-shop.com/product/1"))
        #expect(Self.action(try Self.load(new, "/product/1"), "add-to-cart") == .addToCart(productId: "1"))
        #expect(try Self.load(Self.client(server, version: "ios/3.0.0"), "/home").upgradeRequired)

        let again = try Self.load(new, "/home")
        #expect(again.revalidated && again.root == newHome.root && again.etag == newHome.etag)

        let metrics = try TestClient(port: server.port).request("/metrics").bodyText
        #expect(metrics.contains(#"trellis_action_fallbacks_total{type="share"} 1"#))
        server.stop()
    }

    @Test func theKillSwitchAppliesOnReloadForThatVersionOnly() throws {
        let pages = try TempPages()
        let server = try ServerProcess(pages: pages.path)
        let killed = Self.client(server, version: "ios/5.3.0"), spared = Self.client(server, version: "ios/5.2.0")
        let capable = Self.client(server, version: "ios/5.3.0", capabilities: ["page", "column", "carousel", "text", "product-card", "button"])
        for client in [killed, spared, capable] { #expect(Self.types(try Self.load(client, "/home")).contains("carousel")) }

        let catalog = try pages.read("catalog.json")
        try pages.write("catalog.json", catalog.replacingOccurrences(
            of: #""carousel":     { "slots": ["items"],"#, with: #""carousel":     { "disabled": { "ios": ["5.3.0"] }, "slots": ["items"],"#))
        let written = Date()
        _ = try server.waitFor("the kill switch", timeout: 2) {
            (try? Self.load(killed, "/home")).map { Self.types($0).contains("carousel") ? nil : true } ?? nil
        }
        #expect(Date().timeIntervalSince(written) < 2)
        #expect(Self.types(try Self.load(capable, "/home")).isDisjoint(with: ["carousel"]))
        #expect(Self.types(try Self.load(spared, "/home")).contains("carousel"))
        server.stop()
    }
}

/// A value handed from a URLSession queue to the waiting test thread.
final class LockedBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?
    var value: T? {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
