import Glibc
import TestSupport
import Testing
@testable import Trellis

/// `trellis bench --served-hits`, which `bench/hit_cost.sh` counts instructions of, really
/// serves its requests through the server (pages, and actions posted with their backend in
/// process) and reports a failure when it can't.
@Suite struct ServedHitBenchmarkTests {
    @Test func servesEveryRequestAsA200OverLoopback() throws {
        let result = ServedHitBenchmark.run(pages: ServerProcess.packageRoot + "/Pages", requests: 40)
        let summary = try result.get()
        #expect(summary.hasPrefix("served 40 cached /home hits"))
    }

    @Test func aFolderThatIsNotPagesIsAFailureNotACrash() {
        let result = ServedHitBenchmark.run(pages: "/nonexistent-pages", requests: 1)
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.message.contains("not a valid Pages folder"))
    }

    @Test func anActionIsPostedWithItsBodyAndHeadersAndEachAnswerHasTheStatusAsked() throws {
        var exchange = ServedHitBenchmark.Exchange(target: "/_actions/add-to-cart")
        exchange.body = Array(MicroBenchmarks.badActionBody.utf8)
        exchange.headers = [("Authorization", "Bearer alice")]
        exchange.status = 400
        let request = String(decoding: ServedHitBenchmark.request(exchange), as: UTF8.self)
        #expect(request.hasPrefix("POST /_actions/add-to-cart HTTP/1.1\r\n"))
        #expect(request.hasSuffix("Authorization: Bearer alice\r\nContent-Type: application/json\r\nContent-Length: 61\r\n\r\n"
            + MicroBenchmarks.badActionBody))
        let pages = ServerProcess.packageRoot + "/Pages"
        let summary = try ServedHitBenchmark.run(pages: pages, requests: 20, exchange: exchange).get()
        #expect(summary.hasPrefix("served 20 POST /_actions/add-to-cart answers (400, +1 first) in "))
        exchange.status = 200
        guard case .failure(let failure) = ServedHitBenchmark.run(pages: pages, requests: 20, exchange: exchange) else {
            Issue.record("a 400 counted as the 200 asked for")
            return
        }
        #expect(failure.message == "only 0 of 21 requests were answered with 200")
    }

    @Test func anActionReachesTheCartsBackendServedInProcess() throws {
        let listener = LoopbackSocket.listen()
        close(listener.fd)  // the port, free again for the backend
        let pages = try TempPages()
        let backend = "http://127.0.0.1:\(listener.port)"
        try pages.setSources(["cart": #"{ "url": "\#(backend)/v1/cart/{{key}}", "forwardHeaders": ["Authorization"], "timeoutMs": 60000 }"#])
        try pages.write("actions/add-to-cart.json", try pages.read("actions/add-to-cart.json")
            .replacingOccurrences(of: "https://localhost:9443", with: backend).replacingOccurrences(of: "\"timeoutMs\": 800", with: "\"timeoutMs\": 60000"))
        var exchange = ServedHitBenchmark.Exchange(target: "/_actions/add-to-cart")
        exchange.body = Array(#"{"input":{"productId":"3"},"page":"/product/3"}"#.utf8)
        exchange.headers = [("Authorization", "Bearer alice")]
        let summary = try ServedHitBenchmark.run(pages: pages.path, requests: 10, exchange: exchange,
                                                 backend: ServedBackend(port: listener.port)).get()
        #expect(summary.hasPrefix("served 10 POST /_actions/add-to-cart answers (200, +1 first)"))
        // Without its backend, the action is a 502 (nothing listens there any more).
        #expect(throws: ServedHitFailure.self) { try ServedHitBenchmark.run(pages: pages.path, requests: 1, exchange: exchange).get() }
    }

    /// The command line's options reach the benchmark: a header field is `Name: value`.
    @Test func theCommandPostsWithItsOptionsAndRefusesAHeaderWithoutAColon() throws {
        let pages = ServerProcess.packageRoot + "/Pages"
        let posted = try runTrellis(["bench", "--pages", pages, "--served-hits", "5", "--served-target", "/_actions/add-to-cart",
                                     "--served-body", MicroBenchmarks.badActionBody, "--served-header", "Authorization: Bearer alice",
                                     "--served-status", "400"])
        #expect(posted.status == 0)
        #expect(String(decoding: posted.stdout, as: UTF8.self).hasPrefix("served 5 POST /_actions/add-to-cart answers (400, +1 first)"))
        let refused = try runTrellis(["bench", "--pages", pages, "--served-hits", "1", "--served-header", "Authorization"])
        #expect(refused.status != 0 && refused.stderr.contains("expected 'Name: value'"))
    }
}
