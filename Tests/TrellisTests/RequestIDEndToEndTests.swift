import Foundation
import TestSupport
import Testing

/// A client's `X-Request-Id` of 1–128 visible ASCII characters is kept: answered, logged and
/// forwarded upstream; any other is replaced by one the server makes (SPEC §13).
@Suite(.serialized) struct RequestIDEndToEndTests {
    static let madeID = #"^[0-9a-f]{15}$"#

    @Test func aValidIDIsAnsweredAndLoggedAndAnInvalidOneReplaced() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        let client = try TestClient(port: server.port)
        let longest = String(repeating: "x", count: 128)
        #expect(try client.request("/home", headers: [("X-Request-Id", "gateway-123")]).header("X-Request-Id") == "gateway-123")
        #expect(try client.request("/healthz", headers: [("X-Request-Id", longest)]).header("X-Request-Id") == longest)
        for invalid in ["", String(repeating: "x", count: 129), "gateway 123", "caf\u{E9}"] {
            let id = try #require(try client.request("/home", headers: [("X-Request-Id", invalid)]).header("X-Request-Id"))
            #expect(id.range(of: Self.madeID, options: .regularExpression) != nil, "\(invalid) → \(id)")
        }
        let lines = try server.waitFor("six access-log lines", timeout: 5) { server.accessLog.count >= 6 ? server.accessLog : nil }
        #expect(lines[0].contains(" id=gateway-123 ") && lines[1].contains(" id=\(longest) "))
        #expect(lines[2...].allSatisfy { !$0.contains("id=\"\"") && !$0.contains("gateway 123") && !$0.contains("xxxxxxxxx") })
        server.stop()
    }

    /// The server's own 413 (a body over `--max-body`, refused before routing) keeps a valid
    /// client id too, answered and logged; to a page path it is otherwise the plain JSON error
    /// it was (no `no-store`, no action fields, no request fields in the log).
    @Test func theServersOwn413KeepsTheClientsID() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages, arguments: ["--max-body", "2048"])
        let client = try TestClient(port: server.port)
        client.send("POST /home HTTP/1.1\r\nHost: test\r\nX-Request-Id: mine-413\r\nX-Client-Version: ios/5.2.0\r\n"
            + "Content-Length: 4096\r\n\r\n" + String(repeating: "x", count: 4096))
        let tooLarge = try client.readResponse()
        #expect(tooLarge.status == 413 && tooLarge.header("X-Request-Id") == "mine-413")
        #expect(tooLarge.header("Cache-Control") == nil && tooLarge.header("Content-Type") == "application/json; charset=utf-8")
        let line = try server.waitFor("the 413's access-log line", timeout: 5) { server.accessLog.first { $0.contains("path=/home") } }
        #expect(line.contains(" id=mine-413 ") && line.contains("status=413") && line.contains("client=-"))
        #expect(!line.contains("action="))
        let metrics = try TestClient(port: server.port).request("/metrics").bodyText
        #expect(!metrics.contains(#"trellis_actions_total{"#))
        #expect(metrics.contains(#"trellis_requests_total{page="-",section="",status="413",platform="ios",class="ios/5.1.0"} 1"#))
        server.stop()
    }
}
