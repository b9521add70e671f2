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
}
