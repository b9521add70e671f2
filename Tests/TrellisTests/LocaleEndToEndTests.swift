import Foundation
import TestSupport
import Testing

/// What crosses the wire for locales, soft upgrades and schedules (SPEC §7.1, §7.3, §7.5),
/// against a real `trellis serve`.
@Suite(.serialized) struct LocaleEndToEndTests {
    @Test func negotiatedLocaleHeadersCacheAndAccessLog() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        let client = try TestClient(port: server.port)
        // An app that loads the cart badge: the page is shared, its `Vary` ends with the language.
        let french = try client.request("/product/3", headers: [("Accept-Language", "fr-CA;q=0.9, en;q=0.5"), ("X-Client-Version", "ios/6.0.0")])
        #expect(french.header("Content-Language") == "fr")
        #expect(french.header("Vary")?.hasSuffix(", Accept-Language") == true)
        #expect(french.bodyText.contains(#""text":"24,50\#u{a0}€""#))
        for header in ["fr", "FR", "fr-BE"] {
            #expect(try client.request("/product/3", headers: [("Accept-Language", header)]).header("Content-Language") == "fr")
        }
        let english = try client.request("/product/3", headers: [("Accept-Language", "*")])
        #expect(english.header("Content-Language") == "en" && english.bodyText.contains(#""text":"€24.50""#))
        let nudged = try client.request("/home", headers: [("X-Client-Version", "android/4.4.9"), ("Accept-Language", "pl")])
        #expect(nudged.header("X-Upgrade-Suggested") == "true")
        #expect(nudged.bodyText.contains(#""children":[{"id":"update-banner""#) && nudged.bodyText.contains("Aktualizuj"))
        let lines = try server.waitFor("six access-log lines", timeout: 5) { server.accessLog.count >= 6 ? server.accessLog : nil }
        #expect(lines[0].contains(" locale=fr") && lines[4].contains(" locale=en"))
        #expect(lines[5].contains(" locale=pl") && lines[5].contains(" upgrade_suggested=true"))
        server.stop()
    }

    /// `serve --at` decides the schedule at a fixed instant: the sale banner is absent before
    /// its window, present inside it, absent again at its end, and `max-age` never reaches past
    /// the next edge. (Expiry at an edge as time passes is `SchedulePipelineTests`', on an
    /// injected clock.)
    @Test func aScheduledComponentFollowsItsWindow() throws {
        let window = try #require(SampleSchedule.window(of: "sale-banner"))
        let (from, until) = (try #require(window.from), try #require(window.until))
        let steps: [(instant: Date, shown: Bool, maxAge: Int)] = [
            (from - 30, false, 30), (from, true, 60), (until - 10, true, 10), (until, false, 60),
        ]
        for step in steps {
            let server = try ServerProcess(pages: ServeEndToEndTests.pages, arguments: ["--at", SampleSchedule.rfc3339(step.instant)])
            let home = try TestClient(port: server.port).request("/home")
            #expect(home.bodyText.contains(#""id":"sale-banner""#) == step.shown, "\(step.instant)")
            #expect(home.header("Cache-Control") == "public, max-age=\(step.maxAge)", "\(step.instant)")
            server.stop()
        }
    }

    @Test func renderNegotiatesLocaleAsTheHeaderWouldAndRendersAtAnotherTime() throws {
        let pages = ServeEndToEndTests.pages
        let french = try runTrellis(["render", "/home", "--pages", pages, "--locale", "fr-CA", "--at", "2026-11-28T12:00:00Z"])
        #expect(french.status == 0 && french.stderr.contains(" locale=fr"))
        #expect(String(decoding: french.stdout, as: UTF8.self).contains(#""id":"sale-banner","type":"text","data":{"text":"Black Friday : 30\#u{a0}% de remise"#))
        let later = try runTrellis(["render", "/home", "--pages", pages, "--at", "2026-12-01T00:00:00+01:00"])
        #expect(later.status == 0 && !String(decoding: later.stdout, as: UTF8.self).contains("sale-banner"))
        #expect(try runTrellis(["render", "/home", "--pages", pages, "--at", "tomorrow"]).status != 0)
    }

    /// A message missing from a locale other than the default is a warning, not a failure.
    @Test func validatePrintsWarningsAndStillPasses() throws {
        let pages = try TempPages()
        try pages.write("strings/pl.json", try Self.withoutNotFoundAction(pages.read("strings/pl.json")))
        let result = try runTrellis(["validate", "--pages", pages.path])
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).hasPrefix(#"strings/pl.json: missing "notFound.action" (falls back to en)"# + "\n"))
    }

    /// SPEC §7.1, §7.4: a `$t` or `$format` in a field typed `number` or `integer` fails
    /// validation (it used to pass, and every request dropped the component without a word),
    /// and the folder is not served; in a `string` field it is fine.
    @Test func validateRefusesAMessageOrFormatInAFieldThatIsntAString() throws {
        let pages = try TempPages()
        func page(_ children: String) -> String {
            #"{"route":"/x","root":{"id":"x","type":"page","data":{"children":[\#(children)]}}}"#
        }
        let rating = #"{"id":"r1","type":"rating","data":{"value":{"$format":1.5,"style":"number"}}}"#
        let skeleton = #"{"id":"r2","type":"skeleton","data":{"height":{"$t":"product.add"}}}"#
        try Data(page(rating + "," + skeleton).utf8).write(to: URL(fileURLWithPath: pages.path + "/pages/x.json"))
        let result = try runTrellis(["validate", "--pages", pages.path])
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(result.status == 1)
        #expect(lines.contains(#"pages/x.json:$.root.data.children[0].data.value: expected number, got a $format (it becomes a string)"#), "\(lines)")
        #expect(lines.contains(#"pages/x.json:$.root.data.children[1].data.height: expected integer, got a $t message (it becomes a string)"#), "\(lines)")
        #expect(try runTrellis(["render", "/x", "--pages", pages.path, "--client", "ios/6.0.0"]).status != 0)
        let text = #"{"id":"t","type":"text","data":{"text":{"$t":"product.add"}}}"#
        try pages.write("pages/x.json", page(text))
        #expect(try runTrellis(["validate", "--pages", pages.path]).status == 0)
    }

    /// `strings` (a strings file's text) without its `notFound.action` message.
    static func withoutNotFoundAction(_ strings: String) throws -> String {
        var messages = try #require(try JSONSerialization.jsonObject(with: Data(strings.utf8)) as? [String: Any])
        #expect(messages.removeValue(forKey: "notFound.action") != nil)
        return String(decoding: try JSONSerialization.data(withJSONObject: messages), as: UTF8.self)
    }
}
