import Foundation
import TestSupport
import Testing

/// The sample shop's related products come from a `url` source; `trellis upstream` serves
/// them for local runs. With the upstream down the product page still serves, without them.
@Suite(.serialized) struct SampleUpstreamEndToEndTests {
    @Test func relatedProductsComeFromTheUpstreamAndDropOutWithoutIt() throws {
        let upstream = try ServerProcess(command: [
            "upstream", "--data", ServerProcess.packageRoot + "/samples/recommendations.json", "--port", "0"])
        let pages = try TempPages()
        try pages.write("sources.json", try pages.read("sources.json")
            .replacingOccurrences(of: "127.0.0.1:9100", with: "127.0.0.1:\(upstream.port)"))
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
