import Foundation
import TestSupport
import Testing

/// No thread per upstream call (SPEC §6.2): 2,000 personal page requests in flight at once,
/// each waiting 100 ms on its own upstream value, are all answered with their own data in
/// about the time of one call, and the server's thread count stays where it was.
@Suite(.serialized) struct UpstreamLoadEndToEndTests {
    static let users = 2000

    /// Threads of process `pid` (entries of /proc/<pid>/task).
    static func threads(_ pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0
    }

    /// The names of the threads of process `pid`.
    static func threadNames(_ pid: Int32) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8) }
    }

    @Test func twoThousandPersonalPagesWaitingOnASlowUpstreamNeedNoThreads() throws {
        ConcurrentRequests.raiseOpenFileLimit()
        let folder = try TemporaryFolder()
        let values = (0..<Self.users).map { #""u\#($0)":{"name":"user-\#($0)"}"# }.joined(separator: ",")
        try Data("{\(values)}".utf8).write(to: URL(fileURLWithPath: folder.path + "/users.json"))
        let upstream = try ServerProcess(command: [
            "upstream", "--data", folder.path + "/users.json", "--port", "0", "--latency-ms", "100",
            "--key-header", "Authorization"])
        let pages = try TempPages()
        let me = #""me": { "url": "http://127.0.0.1:\#(upstream.port)/me/{{key}}", "timeoutMs": 10000, "forwardHeaders": ["Authorization"] },"#
        try pages.write("sources.json", try pages.read("sources.json").replacingOccurrences(of: #""sources": {"#, with: #""sources": {"# + me))
        try pages.replaceByRename("pages/me.json", """
            { "route": "/me", "maxAge": 60, "data": { "me": { "source": "me", "key": "self", "required": true } },
              "root": { "id": "me-page", "type": "page", "data": { "children": [
                { "id": "name", "type": "text", "data": { "text": "{{me.name}}" } } ] } } }
            """)
        let server = try ServerProcess(pages: pages.path, arguments: ["--event-loops", "2"])
        // Warm up (the access log, the first pool connection, Dispatch's own threads) before counting.
        let warm = ConcurrentRequests.run(port: server.port, requests: (0..<20).map { Self.request(user: $0) }, timeout: .seconds(10))
        #expect(warm.answers.allSatisfy { $0?.hasPrefix("HTTP/1.1 200") == true })
        let before = Self.threads(server.pid)
        var most = before
        let outcome = ConcurrentRequests.run(
            port: server.port, requests: (0..<Self.users).map { Self.request(user: $0) }, timeout: .seconds(30)
        ) { most = max(most, Self.threads(server.pid)) }
        let after = Self.threads(server.pid)
        let wrong = outcome.answers.indices.filter { user in
            guard let answer = outcome.answers[user] else { return true }
            return !answer.hasPrefix("HTTP/1.1 200") || !answer.contains(#""text":"user-\#(user)""#)
        }
        print("2000 personal pages, upstream 100 ms: \(outcome.wallTime); server threads \(before) before, \(most) at most, \(after) after")
        #expect(wrong.isEmpty, "\(wrong.count) wrong or missing, e.g. user \(wrong.first ?? -1): \(wrong.first.flatMap { outcome.answers[$0] } ?? "no answer")")
        // The strict figure (< 1 s, release build) is measured by `make bench`; here a debug
        // build shares two cores with the rest of the suite, so the bound only has to show
        // that the calls overlapped (one after the other would take 200 s; 15 s allows no more
        // than ~130 at once).
        #expect(outcome.wallTime < .seconds(15))
        #expect(most - before <= 4 && after - before <= 4)
        // The calls ran on the loops of the page requests' connections, not on a loop of the
        // upstream client's own.
        #expect(!Self.threadNames(server.pid).contains { $0.hasPrefix("upstream-loop") })
        server.stop()
        upstream.stop()
    }

    /// A request for /me as `user`, closing the connection after the answer.
    static func request(user: Int) -> String {
        "GET /me HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer u\(user)\r\nConnection: close\r\n\r\n"
    }
}
