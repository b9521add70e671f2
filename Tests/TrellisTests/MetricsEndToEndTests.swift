import Foundation
import TestSupport
import Testing

/// `/metrics` of a real `trellis serve` after traffic, over sockets (SPEC §13): the new labels
/// and families, a scrape that `promtool check metrics` (or, without it, `ExpositionCheck`)
/// accepts, `--metrics-port`, and `--version`.
@Suite(.serialized) struct MetricsEndToEndTests {
    static let promtool = "/usr/bin/promtool"

    /// Traffic from an iOS 5.2 client, an Android 4.0 one, a client with no version, a
    /// malformed request and a section alone (SPEC §10.1), then a scrape.
    private func scrapeAfterTraffic(_ server: ServerProcess, metricsPort: Int? = nil) throws -> String {
        let client = try TestClient(port: server.port)
        _ = try client.request("/home", headers: [("X-Client-Version", "ios/5.2.0")])
        _ = try client.request("/home", headers: [("X-Client-Version", "ios/5.2.0")])
        _ = try client.request("/product/3", headers: [("X-Client-Version", "android/4.0.0")])
        _ = try client.request("/home")
        _ = try client.request("/home", headers: [("X-Client-Version", "ios/five")])
        _ = try client.request("/product/3?_section=cart-badge", headers: [("X-Client-Version", "ios/5.2.0")])
        let metrics = try TestClient(port: metricsPort ?? server.port).request("/metrics")
        #expect(metrics.status == 200)
        return metrics.bodyText
    }

    @Test func theScrapeHasTheNewSeriesWithTheirLabels() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        let text = try scrapeAfterTraffic(server)
        for line in [
            #"trellis_requests_total{page="home",section="",status="200",platform="ios",class="ios/5.1.0"} 2"#,
            #"trellis_requests_total{page="product",section="",status="200",platform="android",class="android/4.0.0"} 1"#,
            #"trellis_requests_total{page="home",section="",status="200",platform="none",class="none"} 1"#,
            #"trellis_requests_total{page="-",section="",status="400",platform="none",class="none"} 1"#,
            #"trellis_request_duration_seconds_count{page="home",section=""} 3"#,
            #"trellis_request_duration_seconds_count{page="product",section=""} 1"#,
            // Signed out, the cart badge alone is nothing (its `$if` on the cart): a 204.
            #"trellis_requests_total{page="product",section="cart-badge",status="204",platform="ios",class="ios/5.1.0"} 1"#,
            #"trellis_request_duration_seconds_count{page="product",section="cart-badge"} 1"#,
            "trellis_build_info{version=\"0.3.0\"} 1",
        ] {
            #expect(text.contains(line), "\(line)")
        }
        for name in ["trellis_config_last_reload_success_timestamp_seconds", "process_cpu_seconds_total",
                     "process_resident_memory_bytes", "process_virtual_memory_bytes", "process_open_fds",
                     "process_max_fds", "process_start_time_seconds"] {
            let value = TrellisMetricsTests.value(name + " ", in: text)
            #expect(value.map { $0 > 0 } == true, "\(name)")
        }
        #expect(ExpositionCheck.problems(in: text) == [])
        #expect(server.stop() == 0)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: promtool), "Debian's prometheus package provides promtool"))
    func promtoolAcceptsAScrapeAfterTraffic() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        let text = try scrapeAfterTraffic(server)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.promtool)
        process.arguments = ["check", "metrics"]
        let input = Pipe(), output = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, output)
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && said.isEmpty, "\(said)")
        #expect(server.stop() == 0)
    }

    @Test func theMetricsPortServesMetricsAndTheProbesAndThePublicPortNoLongerDoes() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages, arguments: ["--metrics-port", "0"])
        let port = try #require(server.errorLog.firstMatch(of: /metrics-port=(\d+)/).flatMap { Int($0.1) })
        #expect(port != server.port)
        let text = try scrapeAfterTraffic(server, metricsPort: port)
        #expect(text.contains(#"platform="ios",class="ios/5.1.0"} 2"#))
        let metricsPort = try TestClient(port: port), publicPort = try TestClient(port: server.port)
        let hidden = try publicPort.request("/metrics")
        #expect(hidden.status == 404 && hidden.bodyText.hasPrefix(#"{"error":{"status":404,"code":"not_found","#))
        for path in ["/healthz", "/readyz"] {
            #expect(try metricsPort.request(path).status == 200, "\(path) on the metrics port")
            #expect(try publicPort.request(path).status == 200, "\(path) on the public port")
        }
        #expect(try metricsPort.request("/home").status == 404)
        #expect(server.stop() == 0)
    }

    @Test func theMetricsPortComesFromTheEnvironmentToo() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages, environment: ["TRELLIS_METRICS_PORT": "0"])
        #expect(server.errorLog.contains("metrics-port="))
        #expect(try TestClient(port: server.port).request("/metrics").status == 404)
        #expect(server.stop() == 0)
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try runTrellis(["--version"])
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "0.3.0\n")
    }
}
