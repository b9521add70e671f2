import ArgumentParser
import Foundation
import Trellis

/// `trellis bench`: in-process micro-benchmarks (not shown in help; `make bench` runs it).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Micro-benchmarks of assembly, gzip and cache hits (medians).", shouldDisplay: false)

    @Option(help: "The sample Pages folder.") var pages = "Pages"
    @Option(help: "The peer-comparison Pages folder (../shared/bench/Pages).") var benchPages: String?
    @Option(help: "Values by key for the product page's recommendations, answered in process (a second /product/3 row set).")
    var recommendations = "samples/recommendations.json"
    @Option(help: "Run only the benchmarks whose name contains this text (e.g. to profile one).") var matching: String?
    @Flag(help: "Instead: gzip size and zlib's time at levels 1 to 9 on the same bodies.") var gzipLevels = false
    @Option(help: "Instead: serve this many cached /home hits of --bench-pages over loopback in this process (for callgrind).")
    var servedHits: Int?
    @Option(help: "With --served-hits: the target asked for (a section: /home?_section=deals).") var servedTarget = "/home"
    @Option(help: "With --served-hits: POST this JSON body instead of a GET (an action: --served-target /_actions/add-to-cart).")
    var servedBody: String?
    @Option(help: "With --served-hits: a header field to send as well ('Authorization: Bearer alice'); repeatable.")
    var servedHeader: [String] = []
    @Option(help: "With --served-hits: the status every answer must have (400 for an action's bad input).") var servedStatus = 200
    @Option(help: "With --served-hits: also serve the sample carts backend (of the Pages' data/) on 127.0.0.1:PORT in this process.")
    var servedCarts: Int?
    @Option(help: "With --served-hits: the heads the event loop answers again without handling them (0: every request is handled).")
    var servedRepeatedHeads = ServedHitBenchmark.Exchange().repeatedHeads

    func run() throws {
        if let servedHits {
            var exchange = ServedHitBenchmark.Exchange(target: servedTarget)
            exchange.body = servedBody.map { Array($0.utf8) }
            exchange.status = servedStatus
            exchange.repeatedHeads = servedRepeatedHeads
            for field in servedHeader {
                guard let colon = field.firstIndex(of: ":") else { throw ValidationError("--served-header \(field): expected 'Name: value'") }
                exchange.headers.append((String(field[..<colon]), field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
            let backend = servedCarts.map { ServedBackend(port: $0) }
            switch ServedHitBenchmark.run(pages: benchPages ?? pages, requests: servedHits, exchange: exchange, backend: backend) {
            case .success(let summary): return print(summary)
            case .failure(let failure): throw ValidationError(failure.message)
            }
        }
        print(gzipLevels ? MicroBenchmarks.gzipLevels(pages: pages, benchPages: benchPages)
                         : MicroBenchmarks.run(pages: pages, benchPages: benchPages, recommendations: recommendations, matching: matching))
    }
}
