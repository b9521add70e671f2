import Foundation
@testable import HTTPServer
import Testing
@testable import Trellis

/// The application's metrics after traffic, in process (SPEC §4.3, §13).
@Suite struct TrellisMetricsTests {
    private func exchange(page duration: Duration = .milliseconds(3), bytes: Int = 120) -> HTTPExchange {
        HTTPExchange(requestID: "r", method: "GET", path: "/home", status: 200, bodyBytes: bytes, nanoseconds: MonotonicInstant.nanoseconds(duration),
                     errorCode: nil, annotation: nil, written: true, loop: 0, remoteAddress: "-", requestHeaders: HTTPHeaders())
    }

    @Test func requestsAreCountedByPageSectionStatusPlatformAndClass() {
        let metrics = TrellisMetrics()
        metrics.count(page: "home", section: "", status: 200, client: ["ios", "ios/5.1.0"])
        metrics.count(page: "home", section: "", status: 200, client: ["ios", "ios/5.1.0"])
        metrics.count(page: "home", section: "", status: 200, client: ClientClassLabels.none)
        metrics.count(page: "product", section: "related", status: 200, client: ["ios", "ios/5.1.0"])
        metrics.count(page: "-", section: "", status: 400, client: ["android", "android/4.0.0"])
        let text = metrics.registry.render()
        #expect(text.contains(#"trellis_requests_total{page="home",section="",status="200",platform="ios",class="ios/5.1.0"} 2"#))
        #expect(text.contains(#"trellis_requests_total{page="home",section="",status="200",platform="none",class="none"} 1"#))
        #expect(text.contains(#"trellis_requests_total{page="product",section="related",status="200",platform="ios",class="ios/5.1.0"} 1"#))
        #expect(text.contains(#"trellis_requests_total{page="-",section="",status="400",platform="android",class="android/4.0.0"} 1"#))
        #expect(ExpositionCheck.problems(in: text) == [])
    }

    @Test func durationIsAHistogramPerPageAndSection() {
        let metrics = TrellisMetrics()
        metrics.record(exchange(), page: "home", section: "", fallbacks: [:], actionFallbacks: [:])
        metrics.record(exchange(page: .milliseconds(300)), page: "product", section: "", fallbacks: ["rating": 1], actionFallbacks: [:])
        metrics.record(exchange(), page: "product", section: "related", fallbacks: [:], actionFallbacks: [:])
        let text = metrics.registry.render()
        #expect(text.contains(#"trellis_request_duration_seconds_bucket{page="home",section="",le="0.005"} 1"#))
        #expect(text.contains(#"trellis_request_duration_seconds_bucket{page="product",section="",le="0.25"} 0"#))
        #expect(text.contains(#"trellis_request_duration_seconds_count{page="product",section=""} 1"#))
        #expect(text.contains(#"trellis_request_duration_seconds_count{page="product",section="related"} 1"#))
        #expect(text.contains("trellis_response_bytes_total 360"))
        #expect(ExpositionCheck.problems(in: text) == [])
    }

    @Test func buildInfoCarriesTheVersion() {
        let text = TrellisMetrics().registry.render()
        #expect(text.contains("trellis_build_info{version=\"\(TrellisVersion.current)\"} 1"))
        #expect(TrellisVersion.current == "0.3.0")
    }

    @Test func theLastLoadTimeIsSetAtStartAndOnEachReload() {
        // The metric is a wall-clock time: it must lie between two readings taken around the load.
        let beforeStart = Date().timeIntervalSince1970.rounded(.down)
        let app = TrellisApplication(site: PagePipelineTests.site, options: ServeOptions())
        let name = "trellis_config_last_reload_success_timestamp_seconds "
        let atStart = Self.value(name, in: app.metrics.registry.render())
        #expect(atStart.map { beforeStart <= $0 && $0 <= Date().timeIntervalSince1970 } == true)
        app.metrics.pagesLoaded(at: Date(timeIntervalSince1970: 1_000_000_000))
        #expect(Self.value(name, in: app.metrics.registry.render()) == 1_000_000_000)
        let beforeReload = Date().timeIntervalSince1970.rounded(.down)
        app.didReload()
        let reloaded = Self.value(name, in: app.metrics.registry.render())
        #expect(reloaded.map { beforeReload <= $0 && $0 <= Date().timeIntervalSince1970 } == true)
    }

    @Test func processMetricsAreReadFromProc() {
        let registry = MetricsRegistry()
        ProcessMetrics.register(on: registry)
        let text = registry.render()
        for name in ["process_cpu_seconds_total", "process_resident_memory_bytes", "process_virtual_memory_bytes",
                     "process_open_fds", "process_max_fds", "process_start_time_seconds"] {
            let value = Self.value(name + " ", in: text)
            #expect(value.map { $0 > 0 && $0.isFinite } == true, "\(name)")
        }
        #expect((Self.value("process_max_fds ", in: text) ?? 0) >= 64, "a count, not a bit pattern")
        #expect((Self.value("process_open_fds ", in: text) ?? 0) >= 3)
        let start = Self.value("process_start_time_seconds ", in: text) ?? 0
        #expect(start <= Date().timeIntervalSince1970, "this process started before now")
        #expect(ExpositionCheck.problems(in: text) == [])
    }

    /// The value of the sample line starting with `prefix`.
    static func value(_ prefix: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Double($0.dropFirst(prefix.count)) }
    }
}
