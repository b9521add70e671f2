import ArgumentParser
import Trellis

/// `trellis bench`: the in-process micro-benchmarks behind `make bench`.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Micro-benchmarks of assembly, gzip and cache hits (medians).", shouldDisplay: false)

    @Option(help: "The sample Pages folder.") var pages = "Pages"
    @Option(help: "The peer-comparison Pages folder (../shared/bench/Pages).") var benchPages: String?
    @Option(help: "Run only the benchmarks whose name contains this text (e.g. to profile one).") var matching: String?
    @Flag(help: "Instead: gzip size and zlib's time at levels 1 to 9 on the same bodies.") var gzipLevels = false

    func run() {
        print(gzipLevels ? MicroBenchmarks.gzipLevels(pages: pages, benchPages: benchPages)
                         : MicroBenchmarks.run(pages: pages, benchPages: benchPages, matching: matching))
    }
}
