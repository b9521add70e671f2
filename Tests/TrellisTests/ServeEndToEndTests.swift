import Foundation
import TestSupport
import Testing

/// The real `trellis serve` over real sockets, against the sample Pages/.
@Suite(.serialized) struct ServeEndToEndTests {
    static let pages = ServerProcess.packageRoot + "/Pages"

    @Test func opsEndpointsAnswer() throws {
        let server = try ServerProcess(pages: Self.pages)
        let client = try TestClient(port: server.port)
        let health = try client.request("/healthz")
        #expect(health.status == 200)
        #expect(health.header("X-Request-Id")?.isEmpty == false)
        #expect(health.header("Server") != nil && health.header("Date") != nil)
        #expect(try client.request("/readyz").status == 200)
        _ = try client.request("/home")
        let metrics = try client.request("/metrics")
        #expect(metrics.status == 200)
        for name in ["trellis_requests_total{page=\"home\",section=\"\",status=\"200\",platform=\"none\",class=\"none\"} 1",
                     "trellis_request_duration_seconds_bucket{page=\"home\",section=\"\",le=\"0.0005\"}",
                     "trellis_response_bytes_total", "trellis_cache_hits_total", "trellis_cache_misses_total",
                     "trellis_config_version 1", "trellis_config_reload_failures_total 0", "trellis_open_connections 1"] {
            #expect(metrics.bodyText.contains(name), "\(name)")
        }
        _ = try client.request("/product/3", headers: [("X-Client-Version", "ios/4.0.0")])
        #expect(try client.request("/metrics").bodyText.contains(#"trellis_fallbacks_total{type="rating"} 1"#))
        let post = try client.request("/metrics", method: "POST", headers: [("Content-Length", "0")])
        #expect(post.status == 405)
        #expect(post.header("Allow") == "GET, HEAD")
        #expect(server.stop() == 0)
    }

    @Test func pagesAreComponentTreesWithTheSpecHeaders() throws {
        let server = try ServerProcess(pages: Self.pages)
        let client = try TestClient(port: server.port)
        let home = try client.request("/home", headers: [("X-Client-Version", "ios/5.2.0")])
        #expect(home.status == 200)
        #expect(home.header("Content-Type") == "application/json; charset=utf-8")
        #expect(home.header("Cache-Control")?.hasPrefix("public, max-age=") == true)
        #expect(home.header("Vary") == "Accept-Encoding, X-Client-Version, X-Client-Capabilities, X-Device-Id, X-AB-Variant, X-Release, Accept-Language")
        #expect(home.header("Content-Language") == "en")
        #expect(home.header("X-Release") == "stable")
        #expect(home.header("X-AB-Variant") == "home-hero=A")
        #expect(home.header("X-Fallbacks") != nil)
        #expect(home.header("ETag")?.hasPrefix("\"") == true)
        #expect(Int(home.header("Content-Length") ?? "") == home.body.count)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(home.body)) as? [String: Any])
        #expect(root["type"] as? String == "page")
        #expect(home.bodyText.hasPrefix(#"{"id":"#))

        let product = try client.request("/product/3")
        #expect(product.status == 200)
        let unknown = try client.request("/product/999999")
        #expect(unknown.status == 404)
        #expect(unknown.bodyText.contains(#""type":"page""#))
        let noRoute = try client.request("/nowhere")
        #expect(noRoute.status == 404)
        #expect(noRoute.bodyText.hasPrefix(#"{"error":{"status":404,"code":"not_found","#))
        let badParam = try client.request("/product/a%20b")
        #expect(badParam.status == 404)
        #expect(try client.request("/home?utm=1").status == 200)
        server.stop()
    }

    @Test func malformedClientHeadersAre400s() throws {
        let server = try ServerProcess(pages: Self.pages)
        let client = try TestClient(port: server.port)
        for bad in ["ios", "iOS/5.0.0", "ios/5.0", "windows/1.0.0", ""] {
            let response = try client.request("/home", headers: [("X-Client-Version", bad)])
            #expect(response.status == 400, "\(bad)")
            #expect(response.bodyText.contains(#""code":"bad_client_version""#))
        }
        let twoVersions = try client.request("/home", headers: [("X-Client-Version", "ios/5.0.0"), ("X-Client-Version", "ios/6.0.0")])
        #expect(twoVersions.status == 400)
        let twoDevices = try client.request("/home", headers: [("X-Device-Id", "device-1"), ("X-Device-Id", "device-2")])
        #expect(twoDevices.bodyText.contains(#""code":"bad_device_id""#))
        let long = String(repeating: "d", count: 129)
        for bad in [long, ""] {
            let response = try client.request("/home", headers: [("X-Device-Id", bad)])
            #expect(response.status == 400)
            #expect(response.bodyText.contains(#""code":"bad_device_id""#))
        }
        #expect(try client.request("/home", headers: [("X-AB-Variant", "nonsense;;=")]).status == 200)
        #expect(try client.request("/home", headers: [("X-Release", "beta")]).status == 200)
        server.stop()
    }

    @Test func gzipETagAnd304() throws {
        let server = try ServerProcess(pages: Self.pages)
        let client = try TestClient(port: server.port)
        let plain = try client.request("/home")
        let gzip = try client.request("/home", headers: [("Accept-Encoding", "gzip")])
        #expect(gzip.header("Content-Encoding") == "gzip")
        #expect(gzip.header("ETag") == "W/" + (plain.header("ETag") ?? ""))
        #expect(try gunzip(gzip.body) == plain.body)
        let refused = try client.request("/home", headers: [("Accept-Encoding", "gzip;q=0")])
        #expect(refused.header("Content-Encoding") == nil)
        #expect(refused.body == plain.body)

        let etag = try #require(plain.header("ETag"))
        let notModified = try client.request("/home", headers: [("If-None-Match", etag)])
        #expect(notModified.status == 304)
        #expect(notModified.header("ETag") == etag)
        #expect(notModified.header("Cache-Control") != nil && notModified.header("Vary") != nil)
        #expect(try client.request("/home", headers: [("If-None-Match", "*")]).status == 304)
        #expect(try client.request("/home", headers: [("If-None-Match", "W/" + etag), ("Accept-Encoding", "gzip")]).status == 304)
        #expect(try client.request("/home", headers: [("If-None-Match", "\"other\"")]).status == 200)
        let gone = try client.request("/product/999999")
        let stillGone = try client.request("/product/999999", headers: [("If-None-Match", try #require(gone.header("ETag")))])
        #expect(stillGone.status == 404 && stillGone.body == gone.body)
        #expect(try client.request("/product/999999", headers: [("If-None-Match", "*")]).status == 404)

        let head = try client.request("/home", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.header("Content-Length") == plain.header("Content-Length"))
        #expect(head.header("ETag") == etag)
        server.stop()
    }

    @Test func renderPrintsExactlyTheServedBody() throws {
        let server = try ServerProcess(pages: Self.pages)
        let client = try TestClient(port: server.port)
        for (path, clientVersion) in [("/product/3", "ios/4.9.0"), ("/home", "android/5.2.0"), ("/product/3", "web/1.0.0")] {
            let served = try client.request(path, headers: [("X-Client-Version", clientVersion), ("X-Device-Id", "device-1")])
            let rendered = try runTrellis(["render", path, "--pages", Self.pages, "--client", clientVersion, "--device-id", "device-1"])
            #expect(rendered.status == 0)
            #expect(rendered.stdout == served.body, "\(path) \(clientVersion)")
        }
        #expect(try runTrellis(["render", "/nowhere", "--pages", Self.pages]).status != 0)
        #expect(try runTrellis(["render", "/home", "--pages", Self.pages, "--client", "ios/5"]).status != 0)
        server.stop()
    }

    @Test func environmentVariablesSetFlags() throws {
        #expect(try runTrellis(["validate"], environment: ["TRELLIS_PAGES": Self.pages]).status == 0)
        #expect(try runTrellis(["validate"], environment: ["TRELLIS_PAGES": "/nonexistent"]).status != 0)
        let server = try ServerProcess(pages: Self.pages, environment: ["TRELLIS_MAX_REQUEST_LINE": "64"])
        let client = try TestClient(port: server.port)
        #expect(try client.request("/home?" + String(repeating: "q", count: 64)).status == 414)
        server.stop()
    }

    @Test func renderPrettyIsTheSameValueIndented() throws {
        let compact = try runTrellis(["render", "/product/3", "--pages", Self.pages, "--client", "ios/5.2.0"])
        let pretty = try runTrellis(["render", "/product/3", "--pages", Self.pages, "--client", "ios/5.2.0", "--pretty"])
        #expect(pretty.status == 0)
        #expect(String(decoding: pretty.stdout, as: UTF8.self).contains("\n  \"type\": \"page\""))
        let a = try JSONSerialization.jsonObject(with: Data(compact.stdout)) as? NSDictionary
        let b = try JSONSerialization.jsonObject(with: Data(pretty.stdout)) as? NSDictionary
        #expect(a != nil && a == b)
    }

    @Test func serveRejectsBadFlagsBeforeStarting() throws {
        for arguments in [["--port", "70000"], ["--tls-cert", "c.pem"], ["--max-body", "-1"], ["--head-timeout", "0"]] {
            let result = try runTrellis(["serve", "--pages", Self.pages] + arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains("Error"), "\(arguments): \(result.stderr)")
        }
        let badPages = try runTrellis(["serve", "--pages", "/nonexistent", "--port", "0"])
        #expect(badPages.status == 1 && badPages.stderr.contains("no such directory"))
    }

    @Test func validateAcceptsTheSamplePages() throws {
        let result = try runTrellis(["validate", "--pages", Self.pages])
        #expect(result.status == 0, "\(String(decoding: result.stdout, as: UTF8.self))")
    }
}

/// Runs the `trellis` binary to completion.
func runTrellis(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: [UInt8], stderr: String) {
    let (process, out, err) = Process.trellis(arguments, environment: environment)
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, Array(stdout), String(decoding: stderr, as: UTF8.self))
}

/// Preconditions, `OPTIONS` and the access log's trace id, over real sockets (SPEC §4.4, §6.3).
@Suite(.serialized) struct ServeConditionsEndToEndTests {
    @Test func ifMatchOptionsAndTheTraceIdInTheLog() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        let client = try TestClient(port: server.port)
        let home = try client.request("/home")
        let etag = try #require(home.header("ETag"))
        #expect(try client.request("/home", headers: [("If-Match", etag)]).status == 200)
        let failed = try client.request("/home", headers: [("If-Match", "\"stale\"")])
        #expect(failed.status == 412 && failed.bodyText.contains(#""code":"precondition_failed""#))

        client.send("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")
        let options = try client.readResponse()
        #expect(options.status == 200 && options.header("Allow") == "GET, HEAD")
        let page = try client.request("/home", method: "OPTIONS")
        #expect(page.status == 405 && page.header("Allow") == "GET, HEAD")

        let traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
        _ = try client.request("/product/3", headers: [("traceparent", traceparent)])
        _ = try server.waitFor("the access line with the client's trace id", timeout: 5) {
            server.accessLog.contains {
                $0.contains("path=/product/3") && $0.contains("trace_id=4bf92f3577b34da6a3ce929d0e0e4736 page=product")
            } ? true : nil
        }
        #expect(server.accessLog.contains { $0.contains("status=412") && $0.contains("error=precondition_failed") })
        #expect(server.stop() == 0)
    }
}
