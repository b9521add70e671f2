import Foundation
import TestSupport
import Testing

/// `--log-format` and the access log's new fields (SPEC §13), over real sockets: in JSON every
/// line on stdout and stderr is one JSON object (a rejected reload and the access log included);
/// in text the access log stays logfmt with `remote`, `client`, `device` and `cache` added.
@Suite(.serialized) struct LogFormatEndToEndTests {
    /// The JSON object on each line of `text`; a test failure naming the first line that is not one.
    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw TestFailure("not a JSON object: \(line)")
            }
            return object
        }
    }

    @Test func jsonMakesEveryLineOnStdoutAndStderrAJSONObject() throws {
        let pages = try TempPages()
        let server = try ServerProcess(pages: pages.path, arguments: ["--log-format", "json"])
        let client = try TestClient(port: server.port)
        let headers = [("X-Client-Version", "ios/5.2.0"), ("X-Device-Id", "d-\"1\"\\"), ("X-Request-Id", "gateway-123")]
        _ = try client.request("/home", headers: headers)
        _ = try client.request("/home", headers: Array(headers.prefix(2)))
        _ = try client.request("/healthz")
        // A client version with a quote and a byte that is not UTF-8: the pipeline's 400, logged escaped.
        client.send(Array("GET /home HTTP/1.1\r\nHost: a\r\nX-Client-Version: ios/\"".utf8) + [0xFF] + Array("\r\n\r\n".utf8))
        #expect(try client.readResponse().status == 400)
        try pages.write("pages/home.json", "{ not json")
        _ = try server.waitFor("the reload failure's log line", timeout: 10) {
            server.errorLog.contains("pages/home.json:$: line") ? true : nil
        }
        let access = try server.waitFor("four access-log lines", timeout: 5) {
            server.accessLog.count >= 4 ? try? Self.objects(server.accessLog.joined(separator: "\n")) : nil
        }
        let logs = try Self.objects(server.errorLog)
        for object in access + logs {
            #expect(object["ts"] is String && object["level"] is String && object["msg"] is String, "\(object)")
            #expect((object["ts"] as? String)?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) != nil)
        }
        #expect(logs.contains { ($0["msg"] as? String)?.contains("listening on http://127.0.0.1:\(server.port)") == true })
        #expect(logs.contains { $0["level"] as? String == "error" && ($0["msg"] as? String)?.contains("pages/home.json:$: line") == true })

        let first = access[0]
        #expect(first["id"] as? String == "gateway-123" && first["method"] as? String == "GET" && first["path"] as? String == "/home")
        #expect(first["status"] as? Int == 200 && first["remote"] as? String == "127.0.0.1")
        #expect(first["client"] as? String == "ios/5.2.0" && first["device"] as? String == "d-\"1\"\\")
        #expect(first["cache"] as? String == "miss" && first["page"] as? String == "home" && first["fallbacks"] as? Int == 0)
        #expect((first["trace_id"] as? String)?.count == 32 && first["duration_ms"] is Double)
        #expect(access[1]["cache"] as? String == "hit" && access[1]["id"] as? String != "gateway-123")
        #expect(access[2]["path"] as? String == "/healthz" && access[2]["cache"] as? String == "bypass" && access[2]["client"] as? String == "-")
        #expect(access[3]["status"] as? Int == 400 && access[3]["cache"] as? String == "bypass")
        #expect(access[3]["client"] as? String == "ios/\"\u{FFFD}" && access[3]["error"] as? String == "bad_client_version")
        server.stop()
    }

    /// An upstream whose certificate nobody trusts: the TLS failure the upstream client logs is
    /// a JSON object too, naming its source.
    @Test func anUpstreamTLSFailureIsAJSONLine() throws {
        let authority = try #require(TestCertificateAuthority())
        let pair = try #require(authority.selfSigned("stranger", subjectAltName: "DNS:localhost,IP:127.0.0.1"))
        let upstream = try ServerProcess(command: [
            "upstream", "--data", ServerProcess.packageRoot + "/samples/recommendations.json", "--host", "127.0.0.1",
            "--port", "0", "--tls-cert", pair.certificate, "--tls-key", pair.key,
        ])
        let pages = try TempPages()
        try pages.setSources(["recommendations": #"{"url": "https://127.0.0.1:\#(upstream.port)/recommendations/{{key}}", "timeoutMs": 2000}"#])
        let server = try ServerProcess(pages: pages.path, arguments: ["--log-format", "json"])
        #expect(try TestClient(port: server.port).request("/product/3").status == 200)
        let failure = try server.waitFor("the TLS failure's log line", timeout: 10) {
            (try? Self.objects(server.errorLog))?.first { ($0["msg"] as? String)?.contains("upstream TLS failed") == true }
        }
        #expect(failure["level"] as? String == "warning" && failure["source"] as? String == "recommendations")
        #expect(try Self.objects(server.errorLog).count >= 2, "the listening line and the failure, each an object")
        server.stop()
        upstream.stop()
    }

    @Test func textKeepsLogfmtWithTheNewFields() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        let client = try TestClient(port: server.port)
        _ = try client.request("/home", headers: [("X-Client-Version", "ios/5.2.0"), ("X-Device-Id", "d-1"), ("X-Request-Id", "gateway-123")])
        _ = try client.request("/home", headers: [("X-Client-Version", "ios/5.2.0"), ("X-Device-Id", "d-1")])
        #expect(try client.request("/home", headers: [("X-Client-Version", "web/1.0 beta")]).status == 400)
        _ = try client.request("/healthz")
        let lines = try server.waitFor("four access-log lines", timeout: 5) { server.accessLog.count >= 4 ? server.accessLog : nil }
        let common = #"^time=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z id=\S+ method=GET path=\S+ status=\d+ bytes=\d+ duration_ms=\d+\.\d{3} "#
        let trace = "trace_id=[0-9a-f]{32}"
        let rest = [
            #"^id=gateway-123 .* remote=127\.0\.0\.1 client=ios/5\.2\.0 device=d-1 cache=miss "# + trace + " page=home template=home ",
            #" remote=127\.0\.0\.1 client=ios/5\.2\.0 device=d-1 cache=hit "# + trace + " page=home template=home ",
            #" remote=127\.0\.0\.1 client="web/1\.0 beta" cache=bypass "# + trace + " error=bad_client_version$",
            #"path=/healthz status=200 bytes=\d+ duration_ms=\d+\.\d{3} remote=127\.0\.0\.1 client=- cache=bypass$"#,
        ]
        for (line, pattern) in zip(lines, rest) {
            #expect(line.range(of: common, options: .regularExpression) != nil, "\(line)")
            let afterTime = String(line.drop { $0 != " " }.dropFirst())
            #expect(afterTime.range(of: pattern, options: .regularExpression) != nil, "\(line) ~ \(pattern)")
        }
        server.stop()
    }
}
