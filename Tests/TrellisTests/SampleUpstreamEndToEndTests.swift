import Foundation
import SDUI
import TestSupport
import Testing
@testable import Trellis

/// The sample shop's related products come from a `url` source; `trellis upstream` serves
/// them for local runs. With the upstream down the product page still serves, without them.
@Suite(.serialized) struct SampleUpstreamEndToEndTests {
    @Test func relatedProductsComeFromTheUpstreamAndDropOutWithoutIt() throws {
        let upstream = try ServerProcess(command: [
            "upstream", "--data", ServerProcess.packageRoot + "/samples/recommendations.json", "--port", "0"])
        let pages = try TempPages()
        try pages.write("sources.json", try pages.read("sources.json")
            .replacingOccurrences(of: "127.0.0.1:9100", with: "127.0.0.1:\(upstream.port)"))
        try pages.makeSourcesPatient()  // the sample's 80 ms can pass on a busy machine before the backend answers
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        let withUpstream = try client.request("/product/3")
        #expect(withUpstream.status == 200)
        #expect(withUpstream.bodyText.contains(#""id":"related-title""#))
        #expect(upstream.stop() == 0)
        let without = try client.request("/product/4")
        #expect(without.status == 200)
        #expect(without.bodyText.contains(#""id":"add-to-cart""#))
        #expect(!without.bodyText.contains(#""id":"related-title""#))
        server.stop()
    }
}

/// The sample shop's signed-in part (SPEC §6): a per-user cart from an https `trellis
/// upstream` keyed by the forwarded `Authorization`, and `/search?q=` through a declared query
/// parameter; with no upstream running, both pages still serve without those sections.
@Suite(.serialized) struct SampleShopSignedInEndToEndTests {
    @Test func theCartIsEachUsersOwnOverHTTPSAndSearchReadsTheQuery() throws {
        let authority = try #require(TestCertificateAuthority())
        let pair = try #require(authority.issue("localhost", subjectAltName: "DNS:localhost,IP:127.0.0.1"))
        let carts = try ServerProcess(command: [
            "upstream", "--data", ServerProcess.packageRoot + "/samples/carts.json", "--port", "0",
            "--key-header", "Authorization", "--tls-cert", pair.certificate, "--tls-key", pair.key])
        let search = try ServerProcess(command: [
            "upstream", "--data", ServerProcess.packageRoot + "/samples/search.json", "--port", "0"])
        let pages = try TempPages()
        try pages.write("sources.json", try pages.read("sources.json")
            .replacingOccurrences(of: "localhost:9443", with: "localhost:\(carts.port)")
            .replacingOccurrences(of: "127.0.0.1:9101", with: "127.0.0.1:\(search.port)"))
        try pages.makeSourcesPatient()
        let server = try ServerProcess(pages: pages.path, arguments: ["--upstream-ca", authority.certificate])
        let client = try TestClient(port: server.port)
        let alice = try client.request("/cart", headers: [("Authorization", "Bearer alice")])
        #expect(alice.status == 200 && alice.bodyText.contains("Your cart (2)") && alice.bodyText.contains("Merino Wool Socks"))
        #expect(alice.header("Cache-Control") == "private, no-cache")
        let bob = try client.request("/cart", headers: [("Authorization", "Bearer bob")])
        #expect(bob.bodyText.contains("Your cart (1)") && !bob.bodyText.contains("Merino Wool Socks"))
        #expect(try client.request("/cart").bodyText.contains("Sign in to see your cart."))
        let jackets = try client.request("/search?q=jacket&utm_source=mail")
        #expect(jackets.bodyText.contains("Results for “jacket”") && jackets.bodyText.contains("Insulated Down Jacket"))
        #expect(try client.request("/search?q=%FF").status == 400)
        #expect(carts.stop() == 0 && search.stop() == 0)
        server.stop()
    }

    @Test func withNoUpstreamRunningTheyServeWithoutThoseSections() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        let client = try TestClient(port: server.port)
        let cart = try client.request("/cart", headers: [("Authorization", "Bearer alice")])
        #expect(cart.status == 200 && cart.bodyText.contains("Sign in to see your cart."))
        let found = try client.request("/search?q=jacket")
        #expect(found.status == 200 && found.bodyText.contains("Results for “jacket”") && !found.bodyText.contains(#""id":"results""#))
        #expect(try client.request("/search").bodyText.contains("Search the shop"))
        server.stop()
    }
}

/// The sample search pages itself (SPEC §10.2's backend cursors): following `next` from the
/// first page reaches every result once, and a cursor it did not make is a JSON 400.
@Suite(.serialized) struct SampleSearchPagingEndToEndTests {
    @Test func followingTheCursorsSeesEveryResultOnce() throws {
        let file = ServerProcess.packageRoot + "/samples/search.json"
        let search = try ServerProcess(command: ["upstream", "--data", file, "--port", "0"])
        let client = try TestClient(port: search.port)
        let expected = try #require(SampleUpstream.values(file: file)?["all"]?["items"]?.arrayValue).compactMap { $0["id"]?.stringValue }
        #expect(expected.count > 2 * SamplePaging.defaultLimit)
        var seen: [String] = []
        var pages = 0
        var target = "/search/all"
        while true {
            let response = try client.request(target)
            try #require(response.status == 200)
            let page = try JSONParser.parse(response.body)
            let items = try #require(page["items"]?.arrayValue)
            #expect(page["query"] == .string("all") && items.count <= SamplePaging.defaultLimit)
            seen += items.compactMap { $0["id"]?.stringValue }
            pages += 1
            guard case .string(let next)? = page["next"] else {
                #expect(page["next"] == .null)
                break
            }
            try #require(pages < 10, "next never became null")
            target = "/search/all?cursor=\(next)"
        }
        #expect(pages == 3)
        #expect(Set(seen).count == seen.count && seen == expected)
        let small = try JSONParser.parse(try client.request("/search/jacket?limit=5&cursor=c5").body)
        #expect(small["items"]?.arrayValue?.count == 2 && small["next"] == .null)
        let bad = try client.request("/search/all?cursor=not-ours")
        #expect(bad.status == 400 && bad.header("Content-Type") == "application/json; charset=utf-8")
        #expect(bad.bodyText.contains(#""code":"bad_request""#))
        #expect(search.stop() == 0)
    }
}

/// The sample shop's search pages by the backend's cursor (SPEC §10.2): a client that can
/// `load` gets the first backend page and `results-more`, and following each `more.load` url
/// splices in every result once; a client that can't gets the first backend page alone.
@Suite(.serialized) struct SampleShopSearchPagesEndToEndTests {
    @Test func loadingMoreReachesEveryResultOnce() throws {
        let search = try ServerProcess(command: [
            "upstream", "--data", ServerProcess.packageRoot + "/samples/search.json", "--port", "0"])
        let pages = try TempPages()
        try pages.write("sources.json", try pages.read("sources.json").replacingOccurrences(of: "127.0.0.1:9101", with: "127.0.0.1:\(search.port)"))
        try pages.makeSourcesPatient()
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        let loads = [("X-Client-Version", "ios/6.0.0")]
        let first = try client.request("/search?q=all", headers: loads)
        var ids = Self.results(first.bodyText)
        var next = Self.moreURL(first.bodyText)
        var pagesLoaded = 0
        while let url = next, pagesLoaded < 10 {
            let page = try client.request(url, headers: loads)
            #expect(page.status == 200 && page.header("X-Section") == "results" && page.bodyText.hasPrefix("["), "\(url)")
            ids += Self.results(page.bodyText)
            next = Self.moreURL(page.bodyText)
            pagesLoaded += 1
        }
        #expect(pagesLoaded == 2 && ids.count == 45 && Set(ids).count == 45)
        let old = try client.request("/search?q=all", headers: [("X-Client-Version", "ios/4.9.0")])
        #expect(Self.results(old.bodyText).count == 20 && Self.moreURL(old.bodyText) == nil)
        server.stop()
        #expect(search.stop() == 0)
    }

    /// The ids of the result cards in `body`, in order.
    static func results(_ body: String) -> [String] {
        body.matches(of: /"id":"(result-[0-9]+)"/).map { String($0.1) }
    }

    /// The url of the `results-more` component's load action, if there is one.
    static func moreURL(_ body: String) -> String? {
        body.firstMatch(of: /"id":"results-more".*?"url":"([^"]+)"/).map { String($0.1) }
    }
}

/// The sample shop's Add to cart (SPEC §11) against the https sample cart backend: the
/// product page's button submits `add-to-cart`, the answer refreshes the badge with the user's
/// new count and toasts, the cart shows the new line for that user only, and sold-out product 7
/// swaps the button.
@Suite(.serialized) struct SampleShopAddToCartEndToEndTests {
    @Test func addingToTheCartReachesTheBackendAndTheCartShowsTheLine() throws {
        let authority = try #require(TestCertificateAuthority())
        let pair = try #require(authority.issue("localhost", subjectAltName: "DNS:localhost,IP:127.0.0.1"))
        let carts = try ServerProcess(command: [
            "upstream", "--data", ServerProcess.packageRoot + "/samples/carts.json", "--port", "0",
            "--key-header", "Authorization", "--products", ServerProcess.packageRoot + "/Pages/data/products.json",
            "--tls-cert", pair.certificate, "--tls-key", pair.key])
        let pages = try TempPages()
        for file in ["sources.json", "actions/add-to-cart.json"] {
            try pages.write(file, try pages.read(file).replacingOccurrences(of: "localhost:9443", with: "localhost:\(carts.port)"))
        }
        let server = try ServerProcess(pages: pages.path, arguments: ["--upstream-ca", authority.certificate])
        let client = try TestClient(port: server.port)
        let bob = ("Authorization", "Bearer bob"), json = ("Content-Type", "application/json"), app = ("X-Client-Version", "ios/6.0.0")
        #expect(try client.request("/product/3", headers: [app]).bodyText.contains(
            #""action":{"type":"submit","action":"add-to-cart","input":{"productId":"3"}}"#))
        #expect(!(try client.request("/cart", headers: [bob]).bodyText.contains("Merino Wool Socks")))
        let added = try client.post("/_actions/add-to-cart", #"{"input":{"productId":"3"},"page":"/product/3"}"#, headers: [json, bob, app])
        #expect(added.status == 200)
        // The refreshed badge counts bob's cart as the backend now holds it: his one line and the socks.
        #expect(added.bodyText.hasPrefix(
            #"{"ops":[{"op":"replace","target":"cart-count","component":{"id":"cart-count","type":"cart-count","data":{"text":"2 items in your cart","style":"caption"}}},"#))
        #expect(added.bodyText.hasSuffix(#"{"op":"toast","component":{"id":"cart-toast","type":"text","data":{"text":"Merino Wool Socks (3-pack) is in your cart","style":"banner"}}}]}"#))
        let cart = try client.request("/cart", headers: [bob])
        #expect(cart.bodyText.contains("Your cart (2)") && cart.bodyText.contains("Merino Wool Socks"))
        #expect(try client.request("/cart", headers: [("Authorization", "Bearer alice")]).bodyText.contains("Your cart (2)"))
        let soldOut = try client.post("/_actions/add-to-cart", #"{"input":{"productId":"7"},"page":"/product/7"}"#, headers: [json, bob, app])
        #expect(soldOut.bodyText == #"{"ops":[{"op":"replace","target":"add-to-cart","component":{"id":"add-to-cart","type":"text","data":{"text":"Slim Fit Chinos is sold out","style":"badge"}}}]}"#)
        #expect(carts.stop() == 0)
        server.stop()
    }
}
