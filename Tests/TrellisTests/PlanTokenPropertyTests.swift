import Foundation
import HTTPServer
import SDUI
import Testing
import TestSupport
@testable import Trellis

/// SPEC §12's promise for `X-Trellis-Plan`: two requests with the same route, query, coding and
/// plan, at the same moment and with the same data, get the same bytes. Many generated requests
/// over platforms, versions (pre-releases too), capabilities, devices, forced variants and
/// releases and locales go through the pipeline with no cache (each assembled on its own);
/// grouped by path and plan, every group must hold one body and one set of SDUI headers.
@Suite struct PlanTokenPropertyTests {
    static let paths = ["/home", "/product/1", "/product/3", "/product/3?_section=related", "/product/999", "/search?q=tent",
                        "/search?q=tent&_section=results", "/cart"]
    static let languages = ["", "fr", "fr-CA, en;q=0.5", "pl", "de", "en-GB", "*", "pt-BR, pl;q=0.2"]
    /// The headers the body's answer carries besides the plan, compared in each group.
    static let sduiHeaders = ["Content-Language", "X-AB-Variant", "X-Release", "X-Fallbacks", "X-Upgrade-Required",
                              "X-Upgrade-Suggested", "X-Section", "Vary", "Cache-Control", "xkey", "X-Trellis-Edge"]

    static func request(_ random: inout SeededGenerator) -> [(String, String)] {
        var headers: [(String, String)] = []
        if Int.random(in: 0..<6, using: &random) > 0 {
            let platform = ["ios", "android", "web"].randomElement(using: &random)!
            var version = "\(Int.random(in: 0...7, using: &random)).\(Int.random(in: 0...5, using: &random)).\(Int.random(in: 0...3, using: &random))"
            if Int.random(in: 0..<10, using: &random) == 0 { version += "-beta.1" }
            headers.append(("X-Client-Version", "\(platform)/\(version)"))
        }
        if Int.random(in: 0..<8, using: &random) == 0 {
            let names = ["page", "column", "text", "image", "carousel", "product-card", "load", "navigate", "hero", "skeleton", "nope"]
            headers.append(("X-Client-Capabilities", names.filter { _ in Bool.random(using: &random) }.joined(separator: ",")))
        }
        if Bool.random(using: &random) { headers.append(("X-Device-Id", "device-\(Int.random(in: 0..<400, using: &random))")) }
        if Int.random(in: 0..<10, using: &random) == 0 { headers.append(("X-AB-Variant", ["home-hero=B", "home-hero=A", "nope=Z"].randomElement(using: &random)!)) }
        if Int.random(in: 0..<10, using: &random) == 0 { headers.append(("X-Release", ["canary", "stable"].randomElement(using: &random)!)) }
        let language = languages.randomElement(using: &random)!
        if !language.isEmpty { headers.append(("Accept-Language", language)) }
        return headers
    }

    @Test func sameRouteQueryAndPlanGiveTheSameBytes() {
        let cases = Int(ProcessInfo.processInfo.environment["TRELLIS_PLAN_CASES"] ?? "") ?? 3000
        var random = SeededGenerator(seed: 12)
        let pipeline = PagePipelineTests.pipeline()
        var groups: [String: (body: [UInt8], headers: [String?], example: [(String, String)])] = [:]
        var mismatches = 0
        for _ in 0..<cases {
            let path = Self.paths.randomElement(using: &random)!
            var headers = Self.request(&random)
            if path == "/cart" && Bool.random(using: &random) { headers.append(("Authorization", "Bearer alice")) }
            let outcome = PagePipelineTests.run(path, headers, through: pipeline)
            guard outcome.error == nil, let plan = PagePipelineTests.header(outcome, "X-Trellis-Plan") else {
                Issue.record("no plan for \(path) \(headers)")
                continue
            }
            #expect(plan.utf8.count <= 64)
            let seen = (body: outcome.response.body, headers: Self.sduiHeaders.map { PagePipelineTests.header(outcome, $0) },
                        example: headers)
            let key = path + " " + plan
            guard let first = groups[key] else {
                groups[key] = seen
                continue
            }
            if first.body != seen.body || first.headers != seen.headers {
                mismatches += 1
                Issue.record("plan \(plan) on \(path): \(first.example) and \(headers) differ")
            }
        }
        #expect(mismatches == 0)
        // Plans are shared: far fewer than the requests.
        #expect(groups.count < cases / 2, "\(groups.count) plans for \(cases) requests")
    }
}
