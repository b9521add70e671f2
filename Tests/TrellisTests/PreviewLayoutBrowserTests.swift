import Foundation
import TestSupport
import Testing

/// The sample shop as headless Chromium lays out its preview (SPEC §13): the catalog's preview
/// templates draw a hero as an image with its title over it, a chip row as a row of pills, a
/// carousel that scrolls sideways, and four columns fit a 1400 px window.
///
/// The preview's CSP lets only its own script run, so the test takes the served HTML, adds a
/// script that prints the laid-out boxes into the DOM, opens that copy from a file, and reads
/// them back from `--dump-dom`: the layout is the preview's own (its styles are inline).
@Suite(.serialized) struct PreviewLayoutBrowserTests {
    /// Measures the third column (ios/6.0.0) and the page, as JSON in `<pre id="boxes">`.
    static let measure = """
    <script>(function(){
    function box(e){var r=e.getBoundingClientRect();return {left:r.left,top:r.top,right:r.right,bottom:r.bottom};}
    var col=document.querySelectorAll("section.client")[2],hero=col.querySelector(".app-hero");
    var title=hero.querySelector("h3"),t=box(title);
    var over=document.elementFromPoint((t.left+t.right)/2,(t.top+t.bottom)/2);
    var scroller=col.querySelector(".app-scroller");
    var out={image:box(hero.querySelector("img")),title:t,titleOnTop:title.contains(over),
      chips:Array.prototype.map.call(col.querySelectorAll(".app-chips .app-chip"),box),
      carousel:{scrollWidth:scroller.scrollWidth,clientWidth:scroller.clientWidth},
      columns:Array.prototype.map.call(document.querySelectorAll("section.client"),box),
      page:{scrollWidth:document.documentElement.scrollWidth,clientWidth:document.documentElement.clientWidth}};
    var pre=document.createElement("pre");pre.id="boxes";pre.textContent=JSON.stringify(out);document.body.appendChild(pre);
    })();</script>
    """

    struct Box: Decodable { let left, top, right, bottom: Double }
    struct Widths: Decodable { let scrollWidth, clientWidth: Double }
    struct Boxes: Decodable {
        let image, title: Box
        let titleOnTop: Bool
        let chips: [Box]
        let carousel: Widths
        let columns: [Box]
        let page: Widths
    }

    @Test(.enabled(if: HeadlessChromium.installed != nil, "chromium not found: `make browser-deps` installs it"))
    func theSampleShopIsLaidOutAsAnApp() throws {
        let browser = try #require(HeadlessChromium.installed)
        let server = try ServerProcess(pages: ServeEndToEndTests.pages, arguments: ["--preview"])
        defer { server.stop() }
        let served = try TestClient(port: server.port).request("/_preview/home").bodyText
        let file = NSTemporaryDirectory() + "trellis-preview-layout-\(UUID().uuidString).html"
        try served.replacingOccurrences(of: "</body>", with: Self.measure + "</body>").write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }

        let dom = try browser.dumpDOM("file://" + file, width: 1400, height: 1000)
        let json = try #require(dom.firstMatch(of: /<pre id="boxes">([^<]*)<\/pre>/)).1
        let boxes = try JSONDecoder().decode(Boxes.self, from: Data(String(json).replacingOccurrences(of: "&quot;", with: "\"").utf8))

        #expect(boxes.title.left >= boxes.image.left && boxes.title.right <= boxes.image.right
            && boxes.title.top >= boxes.image.top && boxes.title.bottom <= boxes.image.bottom, "the hero's title lies on its image")
        #expect(boxes.titleOnTop, "and is drawn over it")
        #expect(boxes.chips.count >= 3)
        #expect(Set(boxes.chips.map(\.top)).count == 1, "the chips share one line")
        #expect(zip(boxes.chips, boxes.chips.dropFirst()).allSatisfy { $0.right < $1.left }, "left to right")
        #expect(boxes.carousel.scrollWidth > boxes.carousel.clientWidth, "the carousel scrolls sideways")
        #expect(boxes.columns.count == 4 && Set(boxes.columns.map(\.top)).count == 1, "four columns side by side")
        #expect(boxes.columns.allSatisfy { $0.right <= boxes.page.clientWidth } && boxes.page.scrollWidth <= boxes.page.clientWidth,
                "within the 1400 px window")
    }
}
