import Foundation
import Testing

/// The preview in a real browser (SPEC §8.2): headless Chromium loads
/// `/_preview/home?client=ios/4.9.0&client=ios/6.0.0` from a Pages folder whose first deal's
/// title holds a `<script>`, and the DOM has one column per client, the fallback labelled with
/// its original type, and the title as text (the script never ran). It saves a screenshot at
/// `.build/preview-screenshot.png`.
@Suite(.serialized) struct PreviewBrowserTests {
    static let screenshot = ServerProcess.packageRoot + "/.build/preview-screenshot.png"
    static let hostile = "<script>document.title='pwned'</script>Trail Running Shoes"

    @Test(.enabled(if: HeadlessChromium.installed != nil, "chromium not found: `make test` installs it (apt-get install chromium)"))
    func previewRendersInChromium() throws {
        let browser = try #require(HeadlessChromium.installed)
        let pages = try TempPages()
        let lists = try pages.read("data/lists.json")
        try pages.write("data/lists.json", lists.replacingOccurrences(
            of: #""title": "Trail Running Shoes""#, with: #""title": "<script>document.title='pwned'</script>Trail Running Shoes""#))
        let server = try ServerProcess(pages: pages.path, arguments: ["--preview"])
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/_preview/home?client=ios/4.9.0&client=ios/6.0.0"

        let dom = try browser.dumpDOM(url)
        #expect(dom.components(separatedBy: #"<section class="client">"#).count == 3, "one column per client")
        #expect(dom.contains(#"<span class="mark">carousel → column<small>ios/4.9.0 &lt; since 5.0.0</small></span>"#))
        #expect(dom.contains("&lt;script&gt;document.title='pwned'&lt;/script&gt;Trail Running Shoes"))
        #expect(!dom.contains("<script>document.title"))
        #expect(dom.contains("<title>Preview /home</title>"), "the title's script never ran")

        try? FileManager.default.removeItem(atPath: Self.screenshot)
        try browser.screenshot(url, to: Self.screenshot, width: 860, height: 1400)
        let png = try #require(FileManager.default.contents(atPath: Self.screenshot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
    }
}
