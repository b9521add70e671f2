import ArgumentParser
import Trellis

/// `trellis bench`: the in-process micro-benchmarks behind `make bench`.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Micro-benchmarks of assembly, gzip and cache hits (medians).", shouldDisplay: false)

    @Option(help: "The sample Pages folder.") var pages = "Pages"
    @Option(help: "The peer-comparison Pages folder (../shared/bench/Pages).") var benchPages: String?

    func run() {
        print(MicroBenchmarks.run(pages: pages, benchPages: benchPages))
    }
}
