import Foundation
import TestSupport
import Testing

/// One access-log line per request on stdout, flushed per line, with the exposure record.
@Suite(.serialized) struct AccessLogEndToEndTests {
    @Test func eachRequestLogsPathStatusBytesIdAndExposure() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        let client = try TestClient(port: server.port)
        let home = try client.request("/home", headers: [("X-Device-Id", "device-1")])
        _ = try client.request("/nowhere")
        let id = try #require(home.header("X-Request-Id"))
        let lines = try server.waitFor("two access-log lines", timeout: 5) {
            server.accessLog.count >= 2 ? server.accessLog : nil
        }
        let line = try #require(lines.first { $0.contains("id=\(id)") })
        for field in ["method=GET", "path=/home", "status=200", "bytes=\(home.body.count)", "duration_ms=",
                      "page=home", "variants=\"home-hero=A\"", "release=stable"] {
            #expect(line.contains(field), "\(field) in \(line)")
        }
        #expect(lines.contains { $0.contains("path=/nowhere") && $0.contains("status=404") })
        server.stop()
    }
}
