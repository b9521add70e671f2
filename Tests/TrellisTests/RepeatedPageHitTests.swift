import Foundation
import Glibc
import HTTPServer
import SDUI
import Testing
import TestSupport
@testable import Trellis

/// A cached page answered again to the same head (`RepeatedPageHit`, the server's `HeadMemo`)
/// is the answer the request gets when it is parsed and handled: its bytes, its access-log line
/// and its metrics.
@Suite struct RepeatedPageHitTests {
    /// Requests of the differential test below (`GeneratedCases`).
    static let cases = GeneratedCases.count(default: 1_500)

    /// A server of `sites[0]` in this process, on one event loop, its access log in a file; it
    /// reloads to the other version and back.
    final class Server {
        private let sites: [Site]
        private var serving = 0
        let app: TrellisApplication
        let server: HTTPServer
        private let logPath: String
        private let logFile: Int32

        init(sites: [Site], repeatedHeads: Int) throws {
            self.sites = sites
            var options = ServeOptions()
            options.http.host = "127.0.0.1"
            options.http.port = 0
            options.http.eventLoops = 1
            options.http.repeatedHeads = repeatedHeads
            options.corsOrigins = ["https://app.example"]
            // Both servers render as of one instant: no schedule edge of the sample Pages can pass
            // between the two answers to a batch, whatever the day the test runs.
            options.scheduleInstant = TestInstant.date
            logPath = NSTemporaryDirectory() + "trellis-repeated-\(UUID().uuidString).log"
            logFile = open(logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            app = TrellisApplication(site: sites[0], options: options, accessLog: AccessLog(fileDescriptor: logFile, loops: 1))
            server = HTTPServer(configuration: options.http, handler: app.handler)
            try server.start()
        }

        /// Sends `bytes` on a new connection; every byte answered until the server closes it.
        func exchange(_ bytes: [UInt8]) throws -> [UInt8] {
            let client = try TestClient(port: server.boundPort)
            client.send(bytes)
            return try client.readToEnd()
        }

        /// The other Pages version is served from now on.
        func reload() {
            serving = 1 - serving
            _ = app.store.replace(with: sites[serving])
            app.didReload()
        }

        /// The access-log lines so far.
        func logLines() -> [String] {
            app.accessLog.flush()
            let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map(String.init)
        }

        /// The metrics that count answers (not their times).
        func counts() -> [String] {
            let names = ["trellis_requests_total", "trellis_cache_hits_total", "trellis_cache_misses_total",
                         "trellis_response_bytes_total", "trellis_fallbacks_total", "trellis_request_duration_seconds_count"]
            return app.metrics.registry.render().split(separator: "\n").map(String.init)
                .filter { line in names.contains { line.hasPrefix($0) } }
        }

        func stop() {
            server.stop()
            app.accessLog.flush()
            close(logFile)
            unlink(logPath)
        }
    }

    /// The oracle: generated request sequences — a dozen clients sending their own heads again
    /// (pages, sections, HEAD, coding, validators, CORS origins, their own ids and traces, and
    /// new ones now and then), pipelined, with new Pages versions between batches — get the same
    /// answers (but `Date` and the ids the server makes), access-log lines (but time, ids,
    /// duration and the traces the server starts) and counts from a server that answers repeated
    /// heads from its memo as from one that handles every request; and the memo did answer.
    @Test func aPageAnsweredAgainIsThePageAnsweredByTheHandler() throws {
        // The sample Pages with their recommendations and search backends, so that pages are kept;
        // and a version of them whose every page's footer says something else.
        let shop = try SampleShopServers()
        // The two servers fetch their values apart: one expiring between them would tell a hit
        // from a miss by the clock, not by the memo.
        try shop.pages.makeSourcesLasting()
        let first = try Self.load(shop.pages.path)
        try shop.pages.write("fragments/footer.json", try shop.pages.read("fragments/footer.json").replacingOccurrences(of: "30 days", with: "60 days"))
        let sites = [first, try Self.load(shop.pages.path)]
        let memoized = try Server(sites: sites, repeatedHeads: 64), plain = try Server(sites: sites, repeatedHeads: 0)
        defer {
            memoized.stop()
            plain.stop()
            shop.stop()
        }
        var random = SeededGenerator(seed: 0xA6A1_4EAD)
        let clients = (0..<12).map { _ in Self.randomClient(&random) }
        var sent = 0, batches = 0, madeIDs: [String] = []
        while sent < Self.cases {
            batches += 1
            if batches % 40 == 0 { [memoized, plain].forEach { $0.reload() } }
            let count = Int.random(in: 1...16, using: &random)
            var batch = ""
            for _ in 0..<count {
                let client = Int.random(in: 0..<10, using: &random) == 0 ? Self.randomClient(&random) : clients.randomElement(using: &random)!
                batch += Self.head(client, &random)
            }
            batch += "GET /home HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
            sent += count + 1
            let answers = try [memoized, plain].map { NormalizedAnswers.of(try $0.exchange(Array(batch.utf8))) }
            #expect(answers[0].text == answers[1].text, "\(batch)")
            madeIDs += answers[0].madeIDs
        }
        #expect(Set(madeIDs).count == madeIDs.count, "an id the server made is never made again")
        let logged = memoized.logLines()
        let madeTraces = logged.compactMap { $0.firstMatch(of: #/ trace_id=([0-9a-f]{32})/#)?.1 }.filter { !$0.hasPrefix("abcdef") }
        #expect(Set(madeTraces).count == madeTraces.count, "a trace the server started is never started again")
        let lines = [logged, plain.logLines()].map { $0.map(Self.normalized(logLine:)) }
        #expect(lines[0].count == sent && lines[1].count == sent)
        for (memoizedLine, plainLine) in zip(lines[0], lines[1]) where memoizedLine != plainLine {
            Issue.record("log lines differ:\n\(memoizedLine)\n\(plainLine)")
        }
        #expect(memoized.counts() == plain.counts())
        let decided = [memoized, plain].map { $0.app.memos(loop: 0)!.decisions.found }
        // What the head memo answered never reached the decision memo. (Not all hits can be
        // answered again: pages with a scheduled edge ahead, and a head's first sightings: the
        // decision memo remembers a request at its second, so the head memo sees a hit it may
        // keep from the third on.)
        #expect(decided[1] - decided[0] > Self.cases / 20,
                "the decision memo found \(decided[0]) requests behind the head memo, \(decided[1]) without it")
    }

    /// One client: the screens it asks for, again and again, with the same head fields.
    struct Client {
        var fields: [(String, String)]
        var targets: [String]
        /// Whether the client asks for them with `HEAD` too.
        var head: Bool
    }

    static let targets = ["/home", "/home", "/product/3", "/product/7", "/product/999", "/search?q=jacket", "/cart", "/nowhere",
                          "/product/3?_section=cart-badge", "/product/3?_section=related", "/home?utm=1", "/_actions/x"]

    static func randomClient(_ random: inout SeededGenerator) -> Client {
        var fields: [(String, String)] = [("Host", "t")]
        if let version = ["ios/5.2.0", "ios/4.0.0", "android/5.0.0", "web/1.0.0", nil].randomElement(using: &random)! {
            fields.append(("X-Client-Version", version))
        }
        let optional: [(String, [String])] = [
            ("X-Device-Id", ["d1", "d 2", "d\"3"]), ("Accept-Language", ["fr", "pl, en;q=0.5"]), ("Accept-Encoding", ["gzip", "identity", "*"]),
            ("X-Request-Id", ["client-1", "client=2"]), ("Origin", ["https://app.example", "https://else.example"]),
            ("traceparent", ["00-abcdef00000000000000000000000001-00f067aa0ba902b7-01"]), ("If-None-Match", ["*", "\"x\""]),
            ("Authorization", ["Bearer alice"]), ("X-AB-Variant", ["home-hero=B"]),
        ]
        for (name, values) in optional where Int.random(in: 0..<3, using: &random) == 0 {
            fields.append((name, values.randomElement(using: &random)!))
        }
        let screens = (0..<3).map { _ in targets.randomElement(using: &random)! }
        return Client(fields: fields, targets: screens, head: Bool.random(using: &random))
    }

    static func head(_ client: Client, _ random: inout SeededGenerator) -> String {
        let method = client.head && Bool.random(using: &random) ? "HEAD" : "GET"
        return "\(method) \(client.targets.randomElement(using: &random)!) HTTP/1.1\r\n"
            + client.fields.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n"
    }

    static func load(_ path: String) throws -> Site {
        guard case .success(let site) = PagesLoader.load(PagesFolder(path: path)) else { throw TestFailure("\(path) must load") }
        return site
    }

    /// A log line without its time, duration, the id the server made or the trace it started
    /// (those the clients continue start with `abcdef`).
    static func normalized(logLine line: String) -> String {
        line.replacing(#/^time=\S+ id=[0-9a-f]{15} /#, with: "id=- ")
            .replacing(#/^time=\S+ /#, with: "")
            .replacing(#/ duration_ms=\S+ /#, with: " duration_ms=- ")
            .replacing(#/ trace_id=(?!abcdef)[0-9a-f]{32}/#, with: " trace_id=-")
    }
}
