import Foundation
import Testing
import TrellisClient

/// A `Screen`'s tree changes (SPEC §10, §11): a component replaced, spliced, removed by id
/// wherever it stands, and an action's ops applied in order.
@Suite struct ScreenTests {
    static func json(_ text: String) -> JSON { try! JSONDecoder().decode(JSON.self, from: Data(text.utf8)) }

    static let page = json(#"""
        {"id":"p","type":"page","data":{"title":"T","children":[
          {"id":"a","type":"text","data":{"text":"A"}},
          {"id":"list","type":"list","data":{"elements":[{"id":"i1","type":"text","data":{"text":"1"}},
            {"id":"more","type":"load-more","data":{"onAppear":{"type":"load","url":"/s?_after=1","target":"more","mode":"splice"}}}]}},
          {"id":"b","type":"skeleton","data":{"height":2}}]}}
        """#)

    static func ids(_ screen: Screen) throws -> [String] { try screen.root.allComponents.map(\.id) }

    @Test func aComponentIsReplacedSplicedOrRemovedWhereverItStands() throws {
        var screen = Screen(path: "/p", tree: Self.page, headers: ResponseHeaders { _ in nil })
        let replaced = screen.replace("b", with: [Self.json(#"{"id":"b","type":"text","data":{"text":"B"}}"#)])
        #expect(replaced && (try screen.root.allComponents.last?.content) == .text(text: "B", style: nil))
        let spliced = screen.replace("more", with: [Self.json(#"{"id":"i2","type":"text","data":{"text":"2"}}"#),
                                                     Self.json(#"{"id":"i3","type":"text","data":{"text":"3"}}"#)])
        #expect(try spliced && Self.ids(screen) == ["p", "a", "list", "i1", "i2", "i3", "b"])
        let removed = screen.replace("a", with: [])
        #expect(try removed && Self.ids(screen) == ["p", "list", "i1", "i2", "i3", "b"])
        let nowhere = screen.replace("nowhere", with: [])
        // The root can be replaced by one component, not removed.
        let rootRemoved = screen.replace("p", with: [])
        let rootReplaced = screen.replace("p", with: [Self.json(#"{"id":"q","type":"page","data":{"children":[]}}"#)])
        #expect(!nowhere && !rootRemoved && rootReplaced)
        #expect(try Self.ids(screen) == ["q"])
    }

    @Test func opsAreAppliedInOrderAndToastsAndNavigationsReturned() throws {
        var screen = Screen(path: "/p", tree: Self.page, headers: ResponseHeaders { _ in nil })
        let effects = try screen.apply(ops: Self.json(#"""
            {"ops":[{"op":"replace","target":"a","component":{"id":"a","type":"text","data":{"text":"A2"}}},
                    {"op":"remove","target":"b"},
                    {"op":"toast","component":{"id":"toast","type":"text","data":{"text":"Added"}}},
                    {"op":"navigate","url":"app://cart"},
                    {"op":"confetti"}]}
            """#))
        #expect(try Self.ids(screen) == ["p", "a", "list", "i1", "more"])
        #expect(try screen.root.children.first?.content == .text(text: "A2", style: nil))
        #expect(effects == [.toast(Self.json(#"{"id":"toast","type":"text","data":{"text":"Added"}}"#)), .navigate("app://cart"),
                            .unhandled(Self.json(#"{"op":"confetti"}"#))])
        #expect(throws: PageClient.Failure.undecodable(#"an action's answer is {"ops": [...]}"#)) {
            try screen.apply(ops: Self.json(#"{"error":{}}"#))
        }
    }

    @Test func theHeadersAnAppActsOnAreRead() {
        let fields = ["X-Upgrade-Suggested": "true", "X-AB-Variant": "home-hero=B, checkout=A", "X-Release": "canary",
                      "Content-Language": "fr", "X-Section": "related", "X-Trellis-Plan": "p1", "ETag": "\"e\"", "X-Fallbacks": "3"]
        let headers = ResponseHeaders { fields[$0] }
        #expect(!headers.upgradeRequired && headers.upgradeSuggested && headers.release == "canary")
        #expect(headers.variants == ["home-hero": "B", "checkout": "A"])
        #expect(headers.contentLanguage == "fr" && headers.section == "related" && headers.plan == "p1")
        #expect(headers.etag == "\"e\"" && headers.fallbacks == 3)
    }

    @Test func aFailureKeepsTheServersErrorObject() {
        let body = Data(#"{"error":{"status":400,"code":"bad_input","message":"bad","fields":{"quantity":"expected an integer from 1 to 20"}}}"#.utf8)
        guard case .failure(.status(400, let error?)) = PageClient.page(status: 400, header: { _ in nil }, body: body, previous: nil) else {
            Issue.record("a 400 keeps its error object")
            return
        }
        #expect(error.code == "bad_input" && error.message == "bad" && error.fields == ["quantity": "expected an integer from 1 to 20"])
        #expect(error.object["status"] == .number(400))
        #expect(ServerError(body: Self.json(#"{"id":"p"}"#)) == nil)
    }
}
