import Foundation
import SDUI

/// `trellis bench`: in-process micro-benchmarks of the request path, reported as the median
/// per operation over several batches (these machines are noisy: read medians, not means).
public enum MicroBenchmarks {
    /// Runs every benchmark on the pages at `pages` (the sample shop) and `benchPages` (the
    /// 27 KB page shared with the peer comparison) and returns a printable table.
    public static func run(pages: String, benchPages: String?) -> String {
        var lines = ["| benchmark | median per op | ops per batch | batches |", "|---|---|---|---|"]
        for (folder, path) in [(pages, "/product/3"), (benchPages, "/home")] {
            guard let folder, case .success(let site) = PagesLoader.load(PagesFolder(path: folder)),
                  let match = site.match(path: path),
                  case .success(let query) = PageQuery.parse(.init([("X-Client-Version", "ios/5.2.0"), ("X-Device-Id", "device-1")]))
            else { continue }
            let plan = PagePlan(site: site, match: match, query: query)
            let requests = site.dataRequests(template: plan.template, params: plan.params)
            let resolver = PageResolver(site: site)
            let data = PageData(values: site.fileData(for: requests))
            let result = resolver.resolve(plan, data: data)
            lines.append(row("\(path): plan (headers, rollout, client class)", iterations: 20_000) {
                _ = PagePlan(site: site, match: match, query: query)
            })
            lines.append(row("\(path): assemble + negotiate + encode (\(result.body.count) B)", iterations: 2_000) {
                _ = resolver.resolve(plan, data: data)
            })
            lines.append(row("\(path): ... + ETag + gzip (uncached response)", iterations: 300) {
                _ = Representation(resolver.resolve(plan, data: data))
            })
            let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 26)
            let key = CacheKey(generation: 1, plan: plan)
            let representation = Representation(result)
            cache.insert(representation, for: key, cost: representation.cost)
            lines.append(row("\(path): cache hit (key hash + lookup + response)", iterations: 100_000) {
                cache.value(for: key, compute: { _ in }, completion: { value, _ in
                    _ = value?.response(coding: .gzip, ifNoneMatch: nil)
                })
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
