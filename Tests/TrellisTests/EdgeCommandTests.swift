import Foundation
import SDUI
import Testing
import TestSupport
@testable import Trellis

/// `trellis edge --varnish` (SPEC §12): the VCL names the edge hash the server's answers carry,
/// routes each page (personal ones pass), and refuses a bad backend. Varnish itself runs it in
/// deploy/tests/test_varnish.py.
@Suite struct EdgeCommandTests {
    @Test func theVCLCarriesTheServersEdgeHashAndPassesPersonalPages() throws {
        let site = PagePipelineTests.site
        let vcl = try VarnishVCL.generate(EdgeModel(site: site), backend: "127.0.0.1:8080")
        let hash = EdgeModel(site: site).hash
        #expect(vcl.contains("if (beresp.http.X-Trellis-Edge != \"\(hash)\") {"))
        #expect(vcl.contains("backend trellis { .host = \"127.0.0.1\"; .port = \"8080\"; }"))
        #expect(vcl.contains(#"if (req.url ~ "^/cart(\?.*)?$") { return (pass); }"#))
        #expect(vcl.contains(#"set req.http.X-Trellis-Page = "product"; }"#))
        #expect(vcl.contains(#"(_actions|_preview)"#))
    }

    @Test func routesBecomePatternsWithParameterSegments() {
        #expect(VarnishVCL.routePattern("/product/:id") == "/product/[A-Za-z0-9._~-]{1,128}")
        #expect(VarnishVCL.routePattern("/") == "/")
        #expect(VarnishVCL.routePattern("/a.b") == #"/a\.b"#)
    }

    @Test func aBackendThatIsNotHostAndPortIsRefused() throws {
        let result = try runTrellis(["edge", "--varnish", "--pages", ServeEndToEndTests.pages, "--backend", "localhost"])
        #expect(result.status == 1 && result.stderr.contains("--backend localhost: expected host:port"))
        let unnamed = try runTrellis(["edge", "--pages", ServeEndToEndTests.pages])
        #expect(unnamed.status != 0 && unnamed.stderr.contains("--varnish"))
    }

    @Test func theCommandPrintsTheCheckedInVCLForTheSamplePages() throws {
        let result = try runTrellis(["edge", "--varnish", "--pages", ServeEndToEndTests.pages])
        let checkedIn = try String(contentsOfFile: ServerProcess.packageRoot + "/deploy/varnish/trellis.vcl", encoding: .utf8)
        #expect(result.status == 0 && String(decoding: result.stdout, as: UTF8.self) == checkedIn)
    }
}
