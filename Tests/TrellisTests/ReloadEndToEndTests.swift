import Foundation
import TestSupport
import Testing

/// Hot reload (SPEC §3.3): edits on disk and SIGHUP, validated whole and swapped atomically.
@Suite(.serialized) struct ReloadEndToEndTests {
    @Test func brokenEditKeepsTheLastGoodVersionAndAFixedOneApplies() throws {
        let pages = try TempPages()
        let home = try pages.read("pages/home.json")
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        let before = try client.request("/home")

        try pages.write("pages/home.json", String(home.dropLast(20)))
        _ = try server.waitFor("a reload failure", timeout: 10) {
            (try? server.metric("trellis_config_reload_failures_total")).flatMap { $0 } == 1 ? true : nil
        }
        // The log line is read from the process's stderr by another thread: wait for it too.
        _ = try server.waitFor("the reload failure's log line", timeout: 10) {
            server.errorLog.contains("pages/home.json:$: line") ? true : nil
        }
        let during = try client.request("/home")
        #expect(during.status == 200 && during.body == before.body)

        try pages.replaceByRename("pages/home.json", home.replacingOccurrences(of: "\"title\": \"Home\"", with: "\"title\": \"Reloaded Home\""))
        try server.waitForConfigVersion(2)
        let after = try client.request("/home")
        #expect(after.bodyText.contains("Reloaded Home"))
        #expect(after.header("ETag") != before.header("ETag"))
        server.stop()
    }

    @Test func addedAndRemovedPagesCount() throws {
        let pages = try TempPages()
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        #expect(try client.request("/about").status == 404)
        try pages.replaceByRename("pages/about.json", #"{"route":"/about","root":{"id":"about","type":"page","data":{"children":[]}}}"#)
        try server.waitForConfigVersion(2)
        #expect(try client.request("/about").status == 200)
        try FileManager.default.removeItem(atPath: pages.path + "/pages/about.json")
        try server.waitForConfigVersion(3)
        #expect(try client.request("/about").status == 404)
        server.stop()
    }

    @Test func sighupReloadsAtOnce() throws {
        let pages = try TempPages()
        let server = try ServerProcess(pages: pages.path, arguments: ["--reload-interval", "3600"])
        try pages.write("pages/home.json", try pages.read("pages/home.json").replacingOccurrences(of: "\"title\": \"Home\"", with: "\"title\": \"Signalled Home\""))
        server.send(SIGHUP)
        try server.waitForConfigVersion(2, timeout: 5)
        #expect(try TestClient(port: server.port).request("/home").bodyText.contains("Signalled Home"))
        server.stop()
    }

    @Test func requestsDuringTwentyRapidReloadsEachSeeOneWholeVersion() throws {
        let pages = try TempPages()
        let original = try pages.read("pages/home.json")
        // Version n names "Shop n" in the home page and in the shared top bar fragment: a mix
        // would show two different numbers in one body.
        let fragment = try pages.read("fragments/top-bar.json")
        func writeVersion(_ n: Int) throws {
            try pages.write("pages/home.json", original.replacingOccurrences(of: "\"id\": \"home\"", with: "\"id\": \"home-v\(n)\""))
            try pages.write("fragments/top-bar.json", fragment.replacingOccurrences(of: "Example Shop", with: "Shop v\(n)"))
        }
        try writeVersion(0)
        let server = try ServerProcess(pages: pages.path, arguments: ["--reload-interval", "3600"])
        let stop = CapturedFlag()
        let mixes = CapturedCount(), seen = CapturedCount()
        let group = DispatchGroup()
        for _ in 0..<3 {
            DispatchQueue.global().async(group: group) {
                guard let client = try? TestClient(port: server.port) else { return }
                while !stop.isSet {
                    guard let body = try? client.request("/home").bodyText else { return }
                    let ids = body.matches(of: /home-v(\d+)|Shop v(\d+)/).map { String($0.output.1 ?? $0.output.2 ?? "") }
                    if Set(ids).count != 1 { mixes.add() }
                    seen.add()
                }
            }
        }
        for n in 1...20 {
            try writeVersion(n)
            server.send(SIGHUP)
            try server.waitForConfigVersion(n + 1, timeout: 10)
        }
        stop.set()
        group.wait()
        #expect(seen.value > 20)
        #expect(mixes.value == 0)
        server.stop()
    }
}
