import Foundation
import HTTPServer
import SDUI
import Synchronization
import Testing
import TestSupport
@testable import Trellis

/// The oracle of an action's refreshed sections (`ActionRefresh`), of which a personal one is
/// rendered with the pipeline's steps and never made a response (`PagePipeline.render`), and
/// whose op takes its target from the component's bytes (`ComponentBytes.idToken`): for
/// generated requests over the sample Pages (every section of every page, clients, locales,
/// variants, releases, credentials or none), the rendering is the one the pipeline's door
/// answers with, and the ops are those made from the door's answers, as `GET
/// <page>?_section=<name>` gives them (the id parsed from the body), with a response cache
/// taking part.
@Suite struct RefreshedSectionRenderTests {
    static let cases = GeneratedCases.count(default: 400)

    /// Every url source answered at once from its sample file: the value of the key asked, else
    /// the file's first one (the sample carts are keyed by user, the page asks for `mine`).
    struct SampleFilesUpstream: UpstreamFetching {
        let values: [String: JSONObject] = Dictionary(uniqueKeysWithValues: ["cart", "recommendations", "search"].compactMap { source in
            SampleUpstream.values(file: ServerProcess.packageRoot + "/Pages/data/\(source).sample.json").map { (source, $0) }
        })

        func freshnessToken(_ request: DataRequest, headers: HTTPHeaders) -> String? { request.source + " " + request.key }

        func isFresh(_ token: String) -> Bool { true }

        func fetchAll(_ requests: [DataRequest], context: PageRequestContext,
                      completion: @escaping @Sendable ([UpstreamValue?]) -> Void) {
            completion(requests.map { request in
                values[request.source].flatMap { $0[request.key] ?? $0.members.first?.value }.map(UpstreamValue.fresh)
            })
        }
    }

    @Test func aRefreshedSectionIsRenderedAsTheDoorAnswersIt() throws {
        let site = PagePipelineTests.site
        let pipeline = PagePipeline(site: site, cache: nil, upstream: SampleFilesUpstream())
        var random = SeededGenerator(seed: 0x5EC7)
        let targets = ["home", "home.canary", "product", "search", "cart"].flatMap { template -> [String] in
            let page = String(template.prefix { $0 != "." })
            guard let path = site.samplePath(of: page) else { return [] }
            let query = page == "search" ? "?q=jacket&" : "?"
            return site.sections(of: template).map { path + query + "_section=\($0.name)" }
        } + ["/product/999?_section=cart-badge", "/nowhere?_section=cart-badge", "/product/3?_section=nope"]
        let optional: [(String, [String])] = [
            ("X-Client-Version", ["ios/4.0.0", "ios/5.0.0", "ios/5.2.0", "ios/6.0.0", "android/5.0.0", "web/1.0.0", "nonsense"]),
            ("Accept-Language", ["fr", "pl, en;q=0.5", "de"]), ("X-Device-Id", ["d1", "d2"]),
            ("X-AB-Variant", ["home-hero=A", "home-hero=B"]), ("X-Release", ["canary", "stable"]),
            ("X-Client-Capabilities", ["video", "video, maps"]), ("Authorization", ["Bearer alice", "Bearer bob"]),
        ]
        var components = 0, nothing = 0
        for _ in 0..<Self.cases {
            let target = targets.randomElement(using: &random)!
            let headers = optional.compactMap { name, values in Bool.random(using: &random) ? (name, values.randomElement(using: &random)!) : nil }
            let request = HTTPRequest(method: "GET", target: target, headers: HTTPHeaders(headers))
            let context = PageRequestContext(request, date: TestInstant.date)
            let door = Self.answer(pipeline, request, context)
            let rendered: PageResolver.Rendered?
            if let plan = try? pipeline.decide(request) {
                let box = Mutex<PageResolver.Rendered?>(nil)
                pipeline.render(plan, context: context) { rendered in box.withLock { $0 = rendered } }
                rendered = box.withLock { $0 }
            } else {
                rendered = nil
            }
            let fast = rendered.flatMap { $0.routed ? "\($0.status) \($0.template) \(String(decoding: $0.rendered.body, as: UTF8.self))" : nil }
            #expect(fast == door, "\(target) \(headers)")
            if door?.hasPrefix("200 ") == true { components += 1 }
            if door?.hasPrefix("204 ") == true { nothing += 1 }
        }
        #expect(components > Self.cases / 10 && nothing > 0)
    }

    @Test func theRefreshedOpsAreThoseOfTheDoorsAnswers() throws {
        let site = PagePipelineTests.site
        let pipeline = PagePipeline(site: site, cache: ResponseCache(capacityBytes: 1 << 22), upstream: SampleFilesUpstream())
        var random = SeededGenerator(seed: 0x0B5)
        let pages = ["/product/3", "/product/7", "/product/999", "/cart", "/home", "/search?q=jacket", "/search?q=a&_after=3", "/nowhere"]
        let names = ["cart-badge", "cart-lines", "related", "results", "deals", "nope"]
        let optional: [(String, [String])] = [
            ("X-Client-Version", ["ios/4.0.0", "ios/5.0.0", "ios/5.2.0", "ios/6.0.0", "android/5.0.0", "web/1.0.0"]),
            ("Accept-Language", ["fr", "pl"]), ("Authorization", ["Bearer alice", "Bearer bob"]), ("Accept-Encoding", ["gzip"]),
        ]
        var replaced = 0
        for _ in 0..<Self.cases {
            let page = pages.randomElement(using: &random)!
            let refresh = names.filter { _ in Bool.random(using: &random) }
            let headers = HTTPHeaders(optional.compactMap { name, values in
                Bool.random(using: &random) ? (name, values.randomElement(using: &random)!) : nil
            })
            let context = PageRequestContext(HTTPRequest(method: "POST", target: "/_actions/x", headers: headers), date: TestInstant.date)
            let ops = Mutex<[[UInt8]]?>(nil)
            ActionRefresh(pipeline: pipeline).sections(refresh, page: page, headers: headers, context: context) { all in
                ops.withLock { $0 = all }
            }
            let got = try #require(ops.withLock { $0 }).map { String(decoding: $0, as: UTF8.self) }
            #expect(got == Self.doorOps(pipeline, refresh, page: page, headers: headers), "\(page) \(refresh) \(headers)")
            replaced += got.filter { $0.hasPrefix(#"{"op":"replace""#) }.count
        }
        #expect(replaced > 0)
    }

    /// The ops for sections `names` of `page` made from the door's answers to `GET
    /// <page>?_section=<name>` (the page's own query kept, identity JSON asked), in the page's
    /// order: `replace` with the id parsed from the body, `remove` for a 204.
    static func doorOps(_ pipeline: PagePipeline, _ names: [String], page: String, headers: HTTPHeaders) -> [String] {
        let site = pipeline.snapshot.site
        let pageRequest = HTTPRequest(method: "GET", target: page)
        guard let match = site.match(path: pageRequest.path) else { return [] }
        var fields = HTTPHeaders()
        for field in headers where field.name.lowercased() != "accept-encoding" { fields.add(field.name, field.value) }
        let query = (pageRequest.query ?? "").split(separator: "&").filter { !$0.hasPrefix("_") }.map { $0 + "&" }.joined()
        return site.sections(of: match.page).map(\.name).filter(names.contains).compactMap { name in
            let request = HTTPRequest(method: "GET", target: "\(pageRequest.path)?\(query)_section=\(name)", headers: fields)
            let box = Mutex<PageOutcome?>(nil)
            pipeline.serve(request, trace: TraceContext(traceparent: nil), date: TestInstant.date)
                .finish(context: PageRequestContext(request, date: TestInstant.date)) { outcome in box.withLock { $0 = outcome } }
            guard let result = box.withLock({ $0 })?.representation?.result, result.section == name else { return nil }
            switch result.status {
            case 200:
                guard let id = (try? JSONParser.parse(result.body))?["id"]?.stringValue else { return nil }
                return #"{"op":"replace","target":\#(String(decoding: JSONWriter.encode(.string(id)), as: UTF8.self)),"component":\#(String(decoding: result.body, as: UTF8.self))}"#
            case 204:
                return site.sectionTarget(name, template: result.template).map { #"{"op":"remove","target":"\#($0)"}"# }
            default:
                return nil
            }
        }
    }

    /// The door's answer as `status template body` when it is the section's; nil when it is
    /// not (a JSON error, the upgrade or not-found page).
    static func answer(_ pipeline: PagePipeline, _ request: HTTPRequest, _ context: PageRequestContext) -> String? {
        let box = Mutex<PageOutcome?>(nil)
        pipeline.serve(request, trace: context.trace, date: context.date).finish(context: context) { outcome in
            box.withLock { $0 = outcome }
        }
        guard let result = box.withLock({ $0 })?.representation?.result, let section = result.section,
              request.target.hasSuffix("_section=\(section)") else { return nil }
        return "\(result.status) \(result.template) \(String(decoding: result.body, as: UTF8.self))"
    }
}
