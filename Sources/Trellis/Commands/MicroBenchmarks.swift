import Foundation
import HTTPServer
import SDUI

/// `trellis bench`: in-process micro-benchmarks of the page pipeline, reported as the median
/// per operation over several batches (these machines are noisy: read medians, not means).
public enum MicroBenchmarks {
    /// Runs every benchmark whose name contains `matching` (all when nil) on the pages at
    /// `pages` (the sample shop: its product page in the default locale and in French, prices as
    /// currency) and `benchPages` (the 27 KB page shared with the peer comparison) and returns a
    /// printable table. Next to each uncached request: zlib alone compressing the same body (the
    /// level the page gets, a reused deflater) and the ratio of the two. With `recommendations`
    /// (a JSON file of values by key), the product page again with its `recommendations` source
    /// answered in process, as a deployment whose upstream answers serves it. Then the checks of
    /// the sample `add-to-cart` action's bad input, all a refused action costs before its answer.
    public static func run(pages: String, benchPages: String?, recommendations: String? = nil, matching: String? = nil) -> String {
        var table = BenchmarkTable(matching: matching)
        for page in BenchPage.all(pages: pages, benchPages: benchPages, recommendations: recommendations) {
            let (path, request, context, plan, data) = (page.path, page.request, page.context, page.plan, page.data)
            let uncached = page.pipeline
            table.measure("\(path): decide (route, headers, rollout, client class)", iterations: 20_000) {
                _ = try? uncached.decide(request)
            }
            table.measure("\(path): assemble + negotiate + encode (\(page.body.count) B)", iterations: 2_000) {
                _ = uncached.resolve(plan, data: data, at: BenchPage.instant)
            }
            let result = uncached.resolve(plan, data: data, at: BenchPage.instant)
            table.measure("\(path): representation (ETag + gzip + header blocks)", iterations: 300) {
                _ = Representation(result)
            }
            let missTime = table.measure("\(path): uncached request (pipeline, + ETag + gzip)", iterations: 300) {
                serve(request, through: uncached, context: context)
            }
            let level = Gzip.level(personal: page.plan.personal)
            guard let deflater = try? Deflater(level: level) else { continue }
            let zlibTime = table.measure("\(path): uncached request: zlib alone, same body (level \(level), reused stream)",
                                         iterations: 300) {
                _ = try? deflater.compress(page.body)
            }
            table.ratio("\(path): uncached request / zlib alone", missTime, zlibTime)
            let cached = PagePipeline(snapshot: uncached.snapshot, cache: ResponseCache(capacityBytes: 1 << 26), dataLoader: uncached.dataLoader)
            serve(request, through: cached, context: context)
            // A page whose url source gave no value is never kept (no upstream, or not its source):
            // in `serve`, each of its requests is a miss through the cache.
            guard case .answered(let second) = cached.serve(request, trace: context.trace, date: context.date),
                  second.record.cache == .hit else {
                table.note("\(path): cache hit", "not cached: a url source gave no value")
                let servedMiss = table.measure("\(path): uncached request through the response cache (as serve: never kept)",
                                               iterations: 300) {
                    serve(request, through: cached, context: context)
                }
                table.ratio("\(path): uncached request through the response cache / zlib alone", servedMiss, zlibTime)
                continue
            }
            table.measure("\(path): cache hit (pipeline: decide + lookup + response)", iterations: 100_000) {
                _ = cached.serve(request, trace: context.trace, date: context.date)
            }
        }
        measureActionCheck(&table, pages: pages)
        return table.text
    }

    /// The body `bench/action_cost.sh` posts as the bad input (a quantity over the action's max
    /// of 20): a 400 `bad_input`, no backend called.
    static let badActionBody = #"{"input":{"productId":"3","quantity":50},"page":"/product/3"}"#

    /// The checks of SPEC §11 (headers, the body's JSON, the input rules) on `/_actions/add-to-cart`
    /// posted with `badActionBody` and the served benchmark's headers, when `pages` has the action.
    private static func measureActionCheck(_ table: inout BenchmarkTable, pages: String) {
        guard case .success(let site) = PagesLoader.load(PagesFolder(path: pages)), site.action(named: "add-to-cart") != nil else { return }
        func post(_ body: [UInt8]) -> HTTPRequest {
            let headers = HTTPHeaders([("Host", "127.0.0.1"), ("Accept-Encoding", "gzip"), ("X-Client-Version", "ios/5.2.0"),
                                       ("X-Device-Id", "device-1"), ("Accept-Language", "en"), ("Authorization", "Bearer alice"),
                                       ("Content-Type", "application/json"), ("Content-Length", String(body.count))])
            return HTTPRequest(method: "POST", target: ActionCheck.prefix + "add-to-cart", headers: headers, body: body)
        }
        let body = Array(badActionBody.utf8)
        let request = post(body)
        let maxBody = HTTPServer.Configuration.Defaults.maxBody
        table.measure("/_actions/add-to-cart: checks, bad input (\(body.count) B body: 400 bad_input)", iterations: 20_000) {
            _ = ActionCheck.check(request, site: site, maxBody: maxBody, cors: nil)
        }
        // A body of many fields the action doesn't declare: each is named in the answer, at a
        // cost in proportion to their number (a look-up per field once made it their square).
        let undeclared = (0..<20_000).map { #","f\#($0)":\#($0)"# }.joined()
        let many = Array(#"{"input":{"productId":"3"\#(undeclared)},"page":"/product/3"}"#.utf8)
        let manyFields = post(many)
        table.measure("/_actions/add-to-cart: 20,000 undeclared fields refused (\(many.count) B body: 400 bad_input)", iterations: 20) {
            _ = ActionCheck.check(manyFields, site: site, maxBody: maxBody, cors: nil)
        }
    }

    /// Runs `request` through `pipeline`'s serving door as the server does, finishing a pending
    /// page with `context` (a `file`-only or in-process page is answered before this returns).
    private static func serve(_ request: HTTPRequest, through pipeline: PagePipeline, context: PageRequestContext) {
        pipeline.serve(request, trace: context.trace, date: context.date).finish(context: context) { _ in }
    }

    /// `trellis bench --gzip-levels`: for each page's body, the gzip size and the median time of
    /// zlib alone (a reused stream) at levels 1 to 9, the measurement behind `Gzip.cachedLevel` and `perAnswerLevel`.
    public static func gzipLevels(pages: String, benchPages: String?) -> String {
        var lines = ["| body | level | gzip bytes | of the body | median per body |", "|---|---|---|---|---|"]
        for page in BenchPage.all(pages: pages, benchPages: benchPages) where page.request.headers["Accept-Language"] == nil {
            for level in Int32(1)...9 {
                guard let deflater = try? Deflater(level: level), let size = try? deflater.compress(page.body).count else { continue }
                let median = BenchmarkTable.median(iterations: 300) { _ = try? deflater.compress(page.body) }
                let share = String(format: "%.1f %%", Double(size) * 100 / Double(page.body.count))
                lines.append("| \(page.path) (\(page.body.count) B) | \(level) | \(size) | \(share) | \(BenchmarkTable.format(median)) |")
            }
        }
        return lines.joined(separator: "\n")
    }
}
