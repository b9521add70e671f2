import Foundation
import TestSupport
import Testing

/// CORS over real sockets (SPEC §8.1): off by default; for an allowed `Origin`, the fields on
/// every answer (200, 304, 404s, 400, the server's own 413, ops) and `Vary: Origin`; preflights
/// to page routes; nothing for other origins.
@Suite(.serialized) struct CORSEndToEndTests {
    static let origin = "https://shop.example"
    static let exposed = "ETag, X-AB-Variant, X-Release, X-Fallbacks, X-Request-Id, X-Upgrade-Required, X-Upgrade-Suggested, "
        + "Content-Language"

    /// The sample Pages, with the recommendations source forwarding `Authorization` and `X-Tenant`.
    static func pagesWithForwarding() throws -> TempPages {
        let pages = try TempPages()
        let sources = try pages.read("sources.json")
        try pages.write("sources.json", sources.replacingOccurrences(
            of: #""timeoutMs": 80, "ttlSeconds": 30 }"#,
            with: #""timeoutMs": 80, "ttlSeconds": 30, "forwardHeaders": ["Authorization", "X-Tenant"] }"#))
        return pages
    }

    /// `Origin` is named once among the answer's `Vary` fields: in a page's one list (SPEC §12),
    /// or as a field of its own on any other answer.
    func varies(_ response: TestClient.Response) -> Bool {
        let names = response.headers.filter { $0.0.lowercased() == "vary" }
            .flatMap { $0.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        return names.filter { $0 == "Origin" }.count == 1 && names.count == Set(names).count
    }

    func expectAllowed(_ response: TestClient.Response, origin: String = origin, _ what: String) {
        #expect(response.header("Access-Control-Allow-Origin") == origin, "\(what)")
        #expect(response.header("Access-Control-Expose-Headers") == Self.exposed, "\(what)")
        #expect(varies(response), "\(what)")
    }

    @Test func offByDefault() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        let client = try TestClient(port: server.port)
        let home = try client.request("/home", headers: [("Origin", Self.origin)])
        #expect(home.header("Access-Control-Allow-Origin") == nil)
        #expect(!varies(home))
        let preflight = try client.request("/home", method: "OPTIONS", headers: [
            ("Origin", Self.origin), ("Access-Control-Request-Method", "GET"),
        ])
        #expect(preflight.status == 405)
        server.stop()
    }

    @Test func allowedOriginGetsTheFieldsOnEveryAnswer() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages,
                                       arguments: ["--cors-origins", "https://admin.example, \(Self.origin)"])
        let client = try TestClient(port: server.port)
        let origin = ("Origin", Self.origin)
        let home = try client.request("/home", headers: [origin, ("X-Client-Version", "ios/5.2.0")])
        #expect(home.status == 200)
        expectAllowed(home, "200")
        let etag = try #require(home.header("ETag"))
        let notModified = try client.request("/home", headers: [origin, ("X-Client-Version", "ios/5.2.0"), ("If-None-Match", etag)])
        #expect(notModified.status == 304)
        expectAllowed(notModified, "304")
        let notFoundPage = try client.request("/product/999999", headers: [origin])
        #expect(notFoundPage.status == 404)
        expectAllowed(notFoundPage, "not-found page")
        let noRoute = try client.request("/nowhere", headers: [origin])
        #expect(noRoute.status == 404)
        expectAllowed(noRoute, "unknown route")
        let badClient = try client.request("/home", headers: [origin, ("X-Client-Version", "ios/5")])
        #expect(badClient.status == 400)
        expectAllowed(badClient, "400")
        let upgrade = try client.request("/home", headers: [origin, ("X-Client-Version", "ios/1.0.0")])
        #expect(upgrade.header("X-Upgrade-Required") == "true")
        expectAllowed(upgrade, "upgrade page")
        expectAllowed(try client.request("/healthz", headers: [origin]), "ops")
        let method = try client.request("/home", method: "DELETE", headers: [origin])
        #expect(method.status == 405)
        expectAllowed(method, "405")

        let tooLarge = try TestClient(port: server.port)
        tooLarge.send("POST /home HTTP/1.1\r\nHost: a\r\nOrigin: \(Self.origin)\r\nContent-Length: 2097152\r\n\r\n")
        let rejected = try tooLarge.readResponse()
        #expect(rejected.status == 413)
        expectAllowed(rejected, "the server's own 413")
        let actionTooLarge = try TestClient(port: server.port)
        actionTooLarge.send("POST /_actions/add-to-cart HTTP/1.1\r\nHost: a\r\nOrigin: \(Self.origin)\r\nContent-Length: 2097152\r\n\r\n")
        let actionRejected = try actionTooLarge.readResponse()
        #expect(actionRejected.status == 413 && actionRejected.header("Cache-Control") == "no-store")
        expectAllowed(actionRejected, "the server's own 413 to an action")
        // A head that fails after its `Origin` has no field to read yet: no CORS field, and the
        // server goes on (reading that field once read past the head's copied bytes).
        let badHead = try TestClient(port: server.port)
        badHead.send("GET /home HTTP/1.1\r\nHost: a\r\nOrigin: \(Self.origin)\r\nno colon here\r\n\r\n")
        let malformed = try badHead.readResponse()
        #expect(malformed.status == 400 && malformed.header("Access-Control-Allow-Origin") == nil)
        #expect(try client.request("/home", headers: [origin]).status == 200)
        server.stop()
    }

    @Test func otherOriginsGetNoCORSFieldsButTheVary() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages, arguments: ["--cors-origins", Self.origin])
        let client = try TestClient(port: server.port)
        for headers in [[("Origin", "https://evil.example")], []] {
            let home = try client.request("/home", headers: headers)
            #expect(home.status == 200)
            #expect(home.header("Access-Control-Allow-Origin") == nil)
            #expect(home.header("Access-Control-Expose-Headers") == nil)
            #expect(varies(home))
        }
        let preflight = try client.request("/home", method: "OPTIONS", headers: [
            ("Origin", "https://evil.example"), ("Access-Control-Request-Method", "GET"),
        ])
        #expect(preflight.status == 204)
        #expect(!preflight.headers.contains { $0.0.lowercased().hasPrefix("access-control-") })
        server.stop()
    }

    @Test func anyOriginIsAStar() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages, arguments: ["--cors-origins", "*"])
        let home = try TestClient(port: server.port).request("/home", headers: [("Origin", "https://anywhere.example")])
        expectAllowed(home, origin: "*", "star")
        server.stop()
    }

    @Test func preflightsToPageRoutes() throws {
        let pages = try Self.pagesWithForwarding()
        let server = try ServerProcess(pages: pages.path, arguments: ["--cors-origins", Self.origin])
        let client = try TestClient(port: server.port)
        let request = [("Origin", Self.origin), ("Access-Control-Request-Method", "GET"),
                       ("Access-Control-Request-Headers", "x-client-version, authorization")]
        let product = try client.request("/product/3", method: "OPTIONS", headers: request)
        #expect(product.status == 204)
        #expect(product.body.isEmpty)
        expectAllowed(product, "preflight")
        #expect(product.header("Access-Control-Allow-Methods") == "GET, HEAD")
        #expect(product.header("Access-Control-Max-Age") == "600")
        let allowed = (product.header("Access-Control-Allow-Headers") ?? "").components(separatedBy: ", ")
        for name in ["X-Client-Version", "X-Client-Capabilities", "X-Device-Id", "X-AB-Variant", "X-Release", "If-None-Match",
                     "Accept-Language", "traceparent", "Authorization", "X-Tenant"] {
            #expect(allowed.contains(name), "\(name) in \(allowed)")
        }
        let home = try client.request("/home", method: "OPTIONS", headers: request)
        #expect(home.status == 204)
        #expect(home.header("Access-Control-Allow-Headers")?.contains("Authorization") == false)
        let noRoute = try client.request("/nowhere", method: "OPTIONS", headers: request)
        #expect(noRoute.status == 404)
        let plainOptions = try client.request("/home", method: "OPTIONS", headers: [("Origin", Self.origin)])
        #expect(plainOptions.status == 405)
        #expect(plainOptions.header("Allow") == "GET, HEAD")
        expectAllowed(plainOptions, "OPTIONS without Access-Control-Request-Method")
        server.stop()
    }

    @Test func badOriginsAreRefusedAtStart() throws {
        for bad in ["https://shop.example/", "shop.example", "https://shop.example/path"] {
            let result = try runTrellis(["serve", "--pages", ServeEndToEndTests.pages, "--port", "0", "--cors-origins", bad])
            #expect(result.status != 0, "\(bad)")
            #expect(result.stderr.contains("--cors-origins"), "\(bad): \(result.stderr)")
        }
    }
}
