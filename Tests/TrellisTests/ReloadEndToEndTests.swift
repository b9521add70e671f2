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
        let sample = try KubeletVolume.files(of: pages.path)
        func writeVersion(_ n: Int) throws {
            let files = WholeVersionReaders.versioned(sample, n)
            for name in ["pages/home.json", "fragments/top-bar.json"] { try pages.write(name, files[name]!) }
        }
        try writeVersion(0)
        let server = try ServerProcess(pages: pages.path, arguments: ["--reload-interval", "3600"])
        let readers = WholeVersionReaders(port: server.port)
        for n in 1...20 {
            try writeVersion(n)
            server.send(SIGHUP)
            try server.waitForConfigVersion(n + 1, timeout: 10)
        }
        let tally = readers.stop()
        #expect(tally.bodies > 20)
        #expect(tally.mixes == 0)
        server.stop()
    }
}
