import Foundation
import Glibc
import TestSupport
import Testing

/// Action files on the command line and in a running server (SPEC §11): `validate` prints their
/// problems as `file:path: message`, a reload with a bad one keeps the last good version, a good
/// one takes effect; `trellis act` runs an action in process against its real backend.
@Suite(.serialized) struct ActionFilesEndToEndTests {
    @Test func validateReportsActionProblemsAndRefreshWarnings() throws {
        let backend = try ActionPages.backend()
        let pages = try ActionPages.make(backend: backend)
        try pages.replaceByRename("actions/cookie.json", #"{"upstream":{"url":"http://x/y"},"refresh":["nowhere"]}"#)
        let warned = try runTrellis(["validate", "--pages", pages.path])
        #expect(warned.status == 0)
        #expect(String(decoding: warned.stdout, as: UTF8.self).contains(
            #"actions/cookie.json:$.refresh[0]: warning: no page has a section "nowhere""#))
        try pages.replaceByRename("actions/cookie.json", #"{"input":{"q":{"type":"integer","maxLength":3}},"upstream":{"url":"http://x/y","method":"GET"}}"#)
        let failed = try runTrellis(["validate", "--pages", pages.path])
        #expect(failed.status == 1)
        let lines = String(decoding: failed.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.contains(#"actions/cookie.json:$.input.q.maxLength: "maxLength" belongs to a string-typed field"#))
        #expect(lines.contains("actions/cookie.json:$.upstream.method: expected one of POST, PUT, PATCH, DELETE"))
    }

    @Test func aReloadKeepsTheLastGoodActionsAndTakesAGoodChange() throws {
        let backend = try ActionPages.backend()
        let pages = try ActionPages.make(backend: backend)
        let server = try ServerProcess(pages: pages.path, arguments: ["--reload-interval", "3600"])
        let client = try TestClient(port: server.port)
        let body = #"{"input":{"productId":"p1"}}"#
        #expect(try client.post("/_actions/buy", body).status == 200)
        try pages.replaceByRename("actions/buy.json", #"{"upstream":{"url":"http://x/y","method":"GET"}}"#)
        server.send(SIGHUP)
        _ = try server.waitFor("the rejected reload", timeout: 10) {
            (try? server.metric("trellis_config_reload_failures_total")) == 1 ? true : nil
        }
        #expect(try client.post("/_actions/buy", body).status == 200)
        try pages.replaceByRename("actions/buy.json", #"{"input":{"n":{"type":"integer","required":true}},"upstream":{"url":"\#(backend.url("/n"))"}}"#)
        server.send(SIGHUP)
        try server.waitForConfigVersion(2)
        let refused = try client.post("/_actions/buy", body)
        #expect(refused.status == 400 && refused.bodyText.contains(#""productId":"not an input of this action""#))
        #expect(server.stop() == 0)
    }

    @Test func actRunsAnActionInProcessAgainstItsBackend() throws {
        let backend = try ActionPages.backend()
        let pages = try ActionPages.make(backend: backend)
        let done = try runTrellis(["act", "buy", "--pages", pages.path, "--input", #"{"productId":"p1"}"#, "--page", "/shelf/2",
                                   "--header", "Authorization: Bearer alice", "--client", "ios/6.0.0"])
        #expect(done.status == 0)
        #expect(done.stderr == "200 action=buy backend=201\n")
        #expect(String(decoding: done.stdout, as: UTF8.self).hasPrefix(
            #"{"ops":[{"op":"replace","target":"badge","component":{"id":"badge","type":"text","data":{"text":"1 items"}}},{"op":"remove","target":"promo"}"#))
        #expect(backend.received.first { $0.target == "/items/p1" }?.header("Authorization") == "Bearer alice")
        let refused = try runTrellis(["act", "buy", "--pages", pages.path, "--input", #"{"quantity":0}"#])
        #expect(refused.status == 1 && refused.stderr == "400 action=buy\n")
        #expect(String(decoding: refused.stdout, as: UTF8.self).contains(#""code":"bad_input""#))
        #expect(backend.received.filter { $0.target.hasPrefix("/items/") }.count == 1)
    }
}
