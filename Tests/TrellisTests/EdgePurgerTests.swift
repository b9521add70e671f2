import Dispatch
import Foundation
import Logging
import SDUI
import Synchronization
import Testing
import TestSupport
@testable import Trellis

/// `--edge-purge` (SPEC §12): after a reload, one PURGE with `xkey: page-<name>` per page whose
/// answers may have changed, to each URL; every page when `X-Trellis-Edge` changed; a failed
/// purge is sent again after its back-off.
@Suite struct EdgePurgerTests {
    static func snapshot(_ edit: (inout [String: [UInt8]]) -> Void = { _ in }) throws -> SiteStore.Snapshot {
        var files = try PagesFolder(path: ServerProcess.packageRoot + "/Pages").read()
        edit(&files)
        return SiteStore.Snapshot(site: try Site.load(files: files).get(), generation: 1)
    }

    static func replacing(_ path: String, _ old: String, _ new: String) -> (inout [String: [UInt8]]) -> Void {
        { files in files[path] = Array(String(decoding: files[path]!, as: UTF8.self).replacingOccurrences(of: old, with: new).utf8) }
    }

    @Test func aTemplateEditPurgesItsPageAloneAndTheCanaryCountsAsItsPage() throws {
        let old = try Self.snapshot()
        let product = try Self.snapshot(Self.replacing("pages/product.json", "\"maxAge\": 60", "\"maxAge\": 61"))
        #expect(EdgePurger.changedPages(from: old, to: product) == ["product"])
        let canary = try Self.snapshot { files in files["pages/home.canary.json"]! += Array(" ".utf8) }
        #expect(EdgePurger.changedPages(from: old, to: canary) == ["home"])
        #expect(EdgePurger.changedPages(from: old, to: try Self.snapshot()).isEmpty)
    }

    @Test func aSharedFileEditPurgesEveryPageAndABoundaryChangeChangesTheEdgeHash() throws {
        let old = try Self.snapshot()
        let strings = try Self.snapshot { files in files["strings/fr.json"]! += Array(" ".utf8) }
        #expect(old.edgeHash == strings.edgeHash)
        #expect(EdgePurger.changedPages(from: old, to: strings) == old.site.pageNames)
        let rollout = try Self.snapshot(Self.replacing("rollout.json", "\"percent\": 10", "\"percent\": 20"))
        #expect(old.edgeHash != rollout.edgeHash)
        #expect(EdgePurger.changedPages(from: old, to: rollout) == old.site.pageNames)
    }

    @Test func eachChangedPageIsPurgedAtEachURLAndAFailureIsRetried() throws {
        let fake = FakeUpstream()
        let heads = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        for path in ["/a", "/b"] {
            fake.script(path, .steps { head, number in
                // The first purge at /a fails: it must come again.
                if path == "/a" && number == 1 { return [.send("HTTP/1.1 503 Busy\r\nContent-Length: 0\r\n\r\n")] }
                heads.withLock { $0.append(head) }
                done.signal()
                return [.send("HTTP/1.1 200 Purged\r\nContent-Length: 0\r\n\r\n")]
            })
        }
        let old = try Self.snapshot()
        let purger = EdgePurger(urls: ["http://127.0.0.1:\(fake.port)/a", "http://127.0.0.1:\(fake.port)/b"], current: old,
                                logger: Logger(label: "test"), retryDelays: [.milliseconds(10)])
        purger.didReload(try Self.snapshot(Self.replacing("pages/product.json", "\"maxAge\": 60", "\"maxAge\": 61")))
        for _ in 0..<2 { #expect(done.wait(timeout: .now() + 10) == .success) }
        let received = heads.withLock { $0 }
        #expect(received.count == 2 && received.allSatisfy { $0.hasPrefix("PURGE ") && $0.contains("\r\nxkey: page-product\r\n") })
        #expect(fake.requests("/a") == 2 && fake.requests("/b") == 1)
    }
}
