import Foundation
import SDUI
import TestSupport
import Testing
@testable import Trellis

/// `serve --preview` over real sockets (SPEC §8.2): off by default; one HTML page with a column
/// per client, sent with the CSP; the generation probe the open page polls to reload itself.
@Suite(.serialized) struct PreviewEndToEndTests {
    static let path = "/_preview/home?client=ios/4.9.0&client=ios/6.0.0"

    @Test func offByDefault() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        #expect(try TestClient(port: server.port).request(Self.path).status == 404)
        server.stop()
    }

    /// Run at every instant of `SampleSchedule` (`serve --at`): the scheduled sale banner moves
    /// the deals one place down while it is active.
    @Test(arguments: SampleSchedule.instants)
    func aColumnPerClientWithItsHeadersAndFallbacks(at instant: Date) throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages,
                                       arguments: ["--preview", "--at", SampleSchedule.rfc3339(instant)])
        let preview = try TestClient(port: server.port).request(Self.path + "&variant=home-hero=B")
        #expect(preview.status == 200)
        #expect(preview.header("Content-Type") == "text/html; charset=utf-8")
        let csp = try #require(preview.header("Content-Security-Policy"))
        #expect(csp.hasPrefix("default-src 'none'; style-src 'unsafe-inline'; img-src * data:; script-src 'sha256-"))
        #expect(csp.hasSuffix("; connect-src 'self'; form-action 'self'; base-uri 'none'"))
        let html = preview.bodyText
        #expect(html.components(separatedBy: #"<section class="client">"#).count == 3)
        #expect(html.contains("<h2>ios/4.9.0") && html.contains("<h2>ios/6.0.0"))
        #expect(html.contains("carousel → column"))
        #expect(html.contains("<dt>X-AB-Variant</dt><dd>home-hero=B</dd>"))
        #expect(html.contains("<dt>X-Fallbacks</dt><dd>1</dd>") && html.contains("<dt>X-Fallbacks</dt><dd>0</dd>"))
        let deals = RenderExplainTests.dealsIndex(at: instant)
        #expect(html.contains("$.data.children[\(deals)].data.elements[1] (id deals-carousel) carousel -&gt; column (ios/4.9.0 &lt; since 5.0.0)"))
        #expect(html.contains(#"class="on">B</a>"#))
        #expect(!html.contains("<link") && !html.contains("<script src"))
        let script = try #require(html.range(of: "<script>").flatMap { start in
            html.range(of: "</script>", range: start.upperBound..<html.endIndex).map { String(html[start.upperBound..<$0.lowerBound]) }
        })
        let hash = Data(SHA256.digest(script)).base64EncodedString()
        #expect(csp.contains("script-src 'sha256-\(hash)'"), "the CSP allows the page's one script, by its hash")
        #expect(csp == "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; script-src 'sha256-\(hash)'; "
            + "connect-src 'self'; form-action 'self'; base-uri 'none'")
        server.stop()
    }

    /// A deferred section (SPEC §10.1, §13) is its placeholder, labelled, with what the app's
    /// load gets under it: the section from the backend, or the 204 when nothing stands there.
    @Test func aDeferredSectionIsShownAsItsPlaceholderWithItsContentUnderIt() throws {
        let upstream = FakeUpstream()
        defer { upstream.stop() }
        let pages = try SampleShopSectionsEndToEndTests.pages(upstream: upstream)
        let label = #"<div class="section"><span class="mark">section related, deferred</span><div class="app-skeleton">Loading…</div>"#
            + #"<div class="section-content">"#
        let server = try ServerProcess(pages: pages.path, arguments: ["--preview"])
        let html = try TestClient(port: server.port).request("/_preview/product/3?client=ios/6.0.0").bodyText
        let content = try #require(html.range(of: label).map { String(html[$0.upperBound...]) })
        #expect(content.hasPrefix(#"<div class="app-column"><p class="app-text title">You may also like</p><div class="app-scroller">"#
            + #"<div class="app-card"><div class="app-card-image"><img src="" alt=""></div><div class="app-card-title">Ultralight Daypack 22 L"#
            + #"</div><div class="app-card-price">74.00 EUR</div></div></div></div></div></div><hr class="app-divider">"#))
        #expect(upstream.requests("/recommendations/3") == 1)
        server.stop()
        let unreachable = try ServerProcess(pages: ServeEndToEndTests.pages, arguments: ["--preview"])
        let empty = try TestClient(port: unreachable.port).request("/_preview/product/3?client=ios/6.0.0").bodyText
        #expect(empty.contains(label + #"<p class="error">204: nothing stands here</p></div></div>"#))
        unreachable.stop()
    }

    /// `"` or `>` and a combining mark, or a prepend character and `<`, are one `Character`
    /// each: the query values that carry them are still escaped per scalar (SPEC §14).
    @Test func queryValuesWithJoinedCharactersAreEscaped() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages, arguments: ["--preview"])
        // device `"́>́<svg onload=x>`, locale `؀<b>"`, and `q` (passed on) `&́'́؀<i>`
        let query = "&device=%22%CC%81%3E%CC%81%3Csvg%20onload=x%3E&locale=%D8%80%3Cb%3E%22&q=%26%CC%81%27%CC%81%D8%80%3Ci%3E"
        let preview = try TestClient(port: server.port).request("/_preview/home?client=ios/6.0.0" + query)
        #expect(preview.status == 200)
        let html = preview.bodyText
        #expect(html.contains("value=\"&quot;\u{301}&gt;\u{301}&lt;svg onload=x&gt;\""), "the device field, escaped")
        #expect(html.contains("value=\"\u{600}&lt;b&gt;&quot;\""), "the locale field, escaped")
        #expect(html.contains("value=\"&amp;\u{301}&#39;\u{301}\u{600}&lt;i&gt;\""), "the passed-on field, escaped")
        #expect(!HTMLEscapeTests.keepsARawMarkupCharacter(html))
        #expect(!html.contains("<svg") && !html.contains("<b>") && !html.contains("<i>"))
        server.stop()
    }

    @Test func theProbeNamesTheGenerationAndFollowsAReload() throws {
        let pages = try TempPages()
        let server = try ServerProcess(pages: pages.path, arguments: ["--preview", "--reload-interval", "0.05"])
        let client = try TestClient(port: server.port)
        #expect(try client.request("/_preview", method: "HEAD").header("X-Pages-Generation") == "1")
        #expect(try client.request(Self.path).bodyText.contains(#"data-generation="1""#))
        try pages.write("pages/home.json", try pages.read("pages/home.json").replacingOccurrences(of: "Made to last", with: "Built to last"))
        server.send(SIGHUP)
        try server.waitForConfigVersion(2)
        #expect(try client.request("/_preview", method: "HEAD").header("X-Pages-Generation") == "2")
        let reloaded = try client.request(Self.path).bodyText
        #expect(reloaded.contains(#"data-generation="2""#) && reloaded.contains("Built to last"))
        server.stop()
    }
}
