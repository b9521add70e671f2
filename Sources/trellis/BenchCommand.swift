import ArgumentParser
import Trellis

/// `trellis bench`: in-process micro-benchmarks (not shown in help; `make bench` runs it).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Micro-benchmarks of assembly, gzip and cache hits (medians).", shouldDisplay: false)

    @Option(help: "The sample Pages folder.") var pages = "Pages"
    @Option(help: "The peer-comparison Pages folder (../shared/bench/Pages).") var benchPages: String?
    @Option(help: "Instead of the micro-benchmarks: serve this many cached /home hits of --bench-pages over loopback in this process (for callgrind).")
    var servedHits: Int?

    func run() throws {
        guard let servedHits else { return print(MicroBenchmarks.run(pages: pages, benchPages: benchPages)) }
        switch ServedHitBenchmark.run(pages: benchPages ?? pages, requests: servedHits) {
        case .success(let summary): print(summary)
        case .failure(let failure): throw ValidationError(failure.message)
        }
    }
}
