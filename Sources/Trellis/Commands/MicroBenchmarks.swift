import Foundation
import HTTPServer
import SDUI
import Synchronization

/// `trellis bench`: in-process micro-benchmarks of the page pipeline, reported as the median
/// per operation over several batches (these machines are noisy: read medians, not means).
public enum MicroBenchmarks {
    /// Runs every benchmark on the pages at `pages` (the sample shop: its product page in the
    /// default locale and in French, prices as currency) and `benchPages` (the 27 KB page
    /// shared with the peer comparison) and returns a printable table.
    public static func run(pages: String, benchPages: String?) -> String {
        var lines = ["| benchmark | median per op | ops per batch | batches |", "|---|---|---|---|"]
        for (folder, target, language) in [(pages, "/product/3", nil), (pages, "/product/3", "fr"), (benchPages, "/home", nil)] {
            guard let folder, case .success(let site) = PagesLoader.load(PagesFolder(path: folder)) else { continue }
            var headers = [("X-Client-Version", "ios/5.2.0"), ("X-Device-Id", "device-1"), ("Accept-Encoding", "gzip")]
            if let language { headers.append(("Accept-Language", language)) }
            let request = HTTPRequest(method: "GET", target: target, headers: HTTPHeaders(headers))
            let path = target + (language.map { " (Accept-Language: \($0))" } ?? "")
            let context = PageRequestContext(request)
            let snapshot = SiteStore.Snapshot(site: site, generation: 1)
            let uncached = PagePipeline(snapshot: snapshot, cache: nil, dataLoader: PageDataLoader(upstream: nil))
            guard case .success(let plan) = uncached.decide(request) else { continue }
            let data = PageData(values: site.fileData(for: site.dataRequests(template: plan.template, params: plan.params, query: plan.query)))
            let resolver = PageResolver(site: site)
            let size = resolver.resolve(plan, data: data).body.count
            lines.append(row("\(path): decide (route, headers, rollout, client class)", iterations: 20_000) {
                _ = uncached.decide(request)
            })
            lines.append(row("\(path): assemble + negotiate + encode (\(size) B)", iterations: 2_000) {
                _ = resolver.resolve(plan, data: data)
            })
            lines.append(row("\(path): uncached request (pipeline, + ETag + gzip)", iterations: 300) {
                uncached.run(request, context: context) { _ in }
            })
            let cached = PagePipeline(
                snapshot: snapshot, cache: ResponseCache(capacityBytes: 1 << 26), dataLoader: PageDataLoader(upstream: nil))
            cached.run(request, context: context) { _ in }
            let second = Mutex<CacheUse?>(nil)
            cached.run(request, context: context) { outcome in second.withLock { $0 = outcome.record.cache } }
            // A page whose url source gave no value is never kept (no upstream runs here).
            guard second.withLock({ $0 }) == .hit else {
                lines.append("| \(path): cache hit | not cached: a url source gave no value | - | - |")
                continue
            }
            lines.append(row("\(path): cache hit (pipeline: decide + lookup + response)", iterations: 100_000) {
                cached.run(request, context: context) { _ in }
            })
        }
        return lines.joined(separator: "\n")
    }

    private static func row(_ name: String, iterations: Int, batches: Int = 9, _ body: () -> Void) -> String {
        for _ in 0..<(iterations / 10) { body() }  // warm up
        let clock = ContinuousClock()
        var perOp: [Duration] = []
        for _ in 0..<batches {
            let elapsed = clock.measure { for _ in 0..<iterations { body() } }
            perOp.append(elapsed / iterations)
        }
        let median = perOp.sorted()[batches / 2]
        return "| \(name) | \(format(median)) | \(iterations) | \(batches) |"
    }

    private static func format(_ duration: Duration) -> String {
        let nanoseconds = Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
        return nanoseconds >= 1000 ? String(format: "%.1f µs", nanoseconds / 1000) : String(format: "%.0f ns", nanoseconds)
    }
}
