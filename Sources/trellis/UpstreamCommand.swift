import ArgumentParser
import Trellis

/// `trellis upstream`: a sample backend for the `url` sources of the sample Pages/.
struct UpstreamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upstream", abstract: "Serve a JSON file of values by id, as a sample upstream for url sources.")

    @Option(help: "A JSON object of values keyed by id.") var data = "samples/recommendations.json"
    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on.") var port = 9100
    @Option(help: "Milliseconds to wait before each answer.") var latencyMs = 0

    func run() throws {
        throw ExitCode(SampleUpstream.run(data: data, host: host, port: port, latency: .milliseconds(latencyMs)))
    }
}
