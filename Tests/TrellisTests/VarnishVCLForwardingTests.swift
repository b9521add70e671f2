import Foundation
import SDUI
import Testing
import TestSupport
@testable import Trellis

/// The generated VCL and forwarded headers (SPEC §6.2, §12): a shared page whose sources forward
/// a header the edge computes a plan part from hashes its raw value, every header a shared page
/// forwards must come once, and a personal source's headers change nothing. Varnish itself runs
/// such Pages in deploy/tests/test_varnish.py.
@Suite struct VarnishVCLForwardingTests {
    /// The sample Pages with `/echo` (a shared page whose source forwards the three computed
    /// headers, one spelled in lower case, and `X-Tenant`), `/me` (a personal source that also
    /// forwards `X-Secret`) and `/odd` (a shared page forwarding a header VCL can't name).
    static func pages() throws -> TempPages {
        let pages = try TempPages()
        try pages.setSources([
            "echo": #"{ "url": "http://127.0.0.1:9/echo/{{key}}", "timeoutMs": 100, "forwardHeaders": ["accept-language", "X-Device-Id", "X-Client-Version", "X-Tenant"] }"#,
            "me": #"{ "url": "http://127.0.0.1:9/me/{{key}}", "timeoutMs": 100, "forwardHeaders": ["Authorization", "X-Secret"] }"#,
            "odd": #"{ "url": "http://127.0.0.1:9/odd/{{key}}", "timeoutMs": 100, "forwardHeaders": ["X.Odd"] }"#,
        ])
        for (name, route) in [("echo", "/echo"), ("me", "/me"), ("odd", "/odd")] {
            try pages.replaceByRename("pages/\(name).json", """
                { "route": "\(route)", "maxAge": 60, "data": { "v": { "source": "\(name)", "key": "k" } },
                  "root": { "id": "\(name)-page", "type": "page", "data": { "children": [
                    { "id": "v", "type": "text", "data": { "text": "{{v.text}}" } } ] } } }
                """)
        }
        return pages
    }

    static func model(_ pages: TempPages) throws -> EdgeModel {
        guard case .success(let site) = PagesLoader.load(PagesFolder(path: pages.path)) else {
            Issue.record("the test Pages must load")
            throw CancellationError()
        }
        return EdgeModel(site: site)
    }

    /// The lines of `sub name { … }` in `vcl`.
    static func sub(_ name: String, of vcl: String) -> String {
        guard let start = vcl.range(of: "sub \(name) {\n") else { return "" }
        let rest = vcl[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n}\n")?.lowerBound ?? rest.endIndex)])
    }

    @Test func aSharedPageForwardingAComputedHeaderHashesItsRawValue() throws {
        let pages = try Self.pages()
        let vcl = try VarnishVCL.generate(Self.model(pages), backend: "127.0.0.1:8080")
        let hash = Self.sub("vcl_hash", of: vcl)
        #expect(hash.contains(#"if (req.http.X-Trellis-Page == "echo") {"#))
        for name in ["X-Device-Id", "X-Client-Version", "Accept-Language"] {
            #expect(hash.contains(#"if (req.http.\#(name)) { hash_data("\#(name): " + req.http.\#(name)); } else { hash_data("no \#(name)"); }"#))
        }
        // X-Tenant is not computed: it stays in the stored Vary, which Varnish checks itself.
        #expect(!hash.contains("X-Tenant") && !hash.contains(#""home""#) && !hash.contains(#""me""#))
        #expect(!Self.sub("vcl_backend_response", of: vcl).contains("X-Tenant"))
    }

    @Test func everyHeaderASharedPageForwardsMustComeOnce() throws {
        let pages = try Self.pages()
        let single = Self.sub("trellis_single", of: try VarnishVCL.generate(Self.model(pages), backend: "127.0.0.1:8080"))
        for name in ["X-Tenant", "Origin", "Accept-Language", "X-Client-Capabilities", "Accept-Encoding"] {
            #expect(single.contains("std.collect(req.http.\(name));"), "\(name)")
        }
        // Each once, whatever its spelling; a personal source's own header is not the edge's business.
        #expect(single.components(separatedBy: "std.collect(req.http.").count - 1 == VarnishVCL.singleFields.count + 1)
        #expect(!single.lowercased().contains("x-secret") && !single.lowercased().contains("authorization"))
    }

    @Test func aPageForwardingAHeaderVCLCannotNamePasses() throws {
        let pages = try Self.pages()
        let vcl = try VarnishVCL.generate(Self.model(pages), backend: "127.0.0.1:8080")
        #expect(vcl.contains(#"if (req.url ~ "^/odd(\?.*)?$") { return (pass); }"#))
        #expect(vcl.contains(#"if (req.url ~ "^/me(\?.*)?$") { return (pass); }"#))
        #expect(!vcl.contains("X.Odd"))
        // What varnishd -C takes after `req.http.` (7.1): a letter, then letters, digits, `-` and `_`.
        #expect(VarnishVCL.nameable("X-Tenant_2") && !VarnishVCL.nameable("X.Odd") && !VarnishVCL.nameable("9x")
            && !VarnishVCL.nameable("X!y") && !VarnishVCL.nameable(""))
    }

    @Test func aForwardedHeaderChangesTheEdgeHashAndNoneKeepsIt() throws {
        let pages = try Self.pages()
        let model = try Self.model(pages)
        #expect(model.pages.first { $0.name == "echo" }?.forwarded == ["accept-language", "X-Device-Id", "X-Client-Version", "X-Tenant"])
        #expect(model.pages.first { $0.name == "me" }?.forwarded == [])
        #expect(model.canonicalText.contains("page echo /echo personal=false forwarded=accept-language,X-Device-Id,X-Client-Version,X-Tenant\n"))
        // The sample forwards nothing from a shared source: its pages' lines are as they were.
        let sample = EdgeModel(site: PagePipelineTests.site)
        #expect(sample.canonicalText.contains("page home /home personal=false\n") && !sample.canonicalText.contains("forwarded="))
    }
}
