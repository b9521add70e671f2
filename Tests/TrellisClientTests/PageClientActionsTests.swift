import Foundation
import Testing
import TrellisClient

/// `PageClient` performing `load` and `submit` on a screen against canned answers (a stub in the
/// URL loading system): the requests it sends and what the answers do to the tree.
@Suite struct PageClientActionsTests {
    static func client(_ stub: StubServer) -> PageClient {
        PageClient(builder: PageRequestBuilder(baseURL: stub.baseURL, clientVersion: "ios/6.0.0", deviceID: "d-1",
                                               forwarded: [("Authorization", "Bearer alice")]), session: stub.session)
    }

    static func screen(_ client: PageClient, _ stub: StubServer) async throws -> Screen {
        stub.answer("GET /product/3", .init(headers: ["X-Release": "stable", "Content-Language": "en", "X-Fallbacks": "0"], body: #"""
            {"id":"product","type":"page","data":{"children":[
              {"id":"add","type":"button","data":{"title":"Add","action":{"type":"submit","action":"add-to-cart","input":{"productId":"3"}}}},
              {"id":"related","type":"skeleton","data":{"height":220,"onAppear":{"type":"load","url":"/product/3?_section=related","target":"related","mode":"replace"}}},
              {"id":"badge","type":"text","data":{"text":"0"}}]}}
            """#))
        return try await client.screen("/product/3")
    }

    @Test func aPageAwaitedCarriesItsHeadersAndTree() async throws {
        let stub = StubServer()
        let screen = try await Self.screen(Self.client(stub), stub)
        #expect(screen.headers.release == "stable" && screen.headers.contentLanguage == "en")
        #expect(try screen.root.allComponents.map(\.id) == ["product", "add", "related", "badge"])
        #expect(stub.requests.first?.headers["X-Client-Version"] == "ios/6.0.0")
    }

    @Test func submitPostsTheInputAndPageAndAppliesTheOps() async throws {
        let stub = StubServer(), client = Self.client(stub)
        var screen = try await Self.screen(client, stub)
        stub.answer("POST /_actions/add-to-cart", .init(body: #"""
            {"ops":[{"op":"replace","target":"badge","component":{"id":"badge","type":"text","data":{"text":"1"}}},
                    {"op":"toast","component":{"id":"toast","type":"text","data":{"text":"Added"}}}]}
            """#))
        let action = try JSONDecoder().decode(JSON.self, from: Data(#"{"type":"submit","action":"add-to-cart","input":{"productId":"3"}}"#.utf8))
        let effects = try await client.perform(action, on: &screen, idempotencyKey: "k-1")
        let sent = try #require(stub.requests.last)
        #expect(sent.method == "POST" && sent.target == "/_actions/add-to-cart")
        #expect(sent.headers["Content-Type"] == "application/json" && sent.headers["Idempotency-Key"] == "k-1")
        #expect(sent.headers["X-Client-Version"] == "ios/6.0.0" && sent.headers["X-Device-Id"] == "d-1")
        #expect(sent.headers["Authorization"] == "Bearer alice")
        #expect(try JSONDecoder().decode(JSON.self, from: sent.body)
            == JSONDecoder().decode(JSON.self, from: Data(#"{"input":{"productId":"3"},"page":"/product/3"}"#.utf8)))
        #expect(try screen.root.allComponents.last?.content == .text(text: "1", style: nil))
        #expect(effects.count == 1 && effects.first.map { if case .toast = $0 { true } else { false } } == true)
    }

    @Test func aRejectedSubmitKeepsTheErrorObjectAndLeavesTheScreen() async throws {
        let stub = StubServer(), client = Self.client(stub)
        var screen = try await Self.screen(client, stub)
        let before = screen
        stub.answer("POST /_actions/add-to-cart", .init(status: 400, body: #"{"error":{"status":400,"code":"bad_input","message":"bad input","fields":{"quantity":"expected an integer from 1 to 20"}}}"#))
        await #expect {
            _ = try await client.submit("add-to-cart", input: .object(["quantity": .number(99)]), on: &screen)
        } throws: { error in
            guard case .status(400, let server?) = error as? PageClient.Failure else { return false }
            return server.code == "bad_input" && server.fields == ["quantity": "expected an integer from 1 to 20"]
        }
        #expect(screen == before)
    }

    @Test func loadReplacesSplicesOrRemovesItsTarget() async throws {
        let stub = StubServer(), client = Self.client(stub)
        var screen = try await Self.screen(client, stub)
        stub.answer("GET /product/3?_section=related", .init(headers: ["X-Section": "related"], body: #"""
            {"id":"related","type":"column","data":{"elements":[{"id":"more","type":"text","data":{"text":"…"}}]}}
            """#))
        let load = try #require(screen.root.allComponents.first { $0.id == "related" }).unknownData?["onAppear"]
        #expect(try await client.perform(try #require(load), on: &screen) == [])
        #expect(try screen.root.allComponents.map(\.id) == ["product", "add", "related", "more", "badge"])
        stub.answer("GET /s?_after=1", .init(body: #"[{"id":"i2","type":"text","data":{"text":"2"}},{"id":"i3","type":"text","data":{"text":"3"}}]"#))
        _ = try await client.load("/s?_after=1", target: "more", mode: .splice, into: &screen)
        #expect(try screen.root.allComponents.map(\.id) == ["product", "add", "related", "i2", "i3", "badge"])
        stub.answer("GET /product/3?_section=gone", .init(status: 204))
        _ = try await client.load("/product/3?_section=gone", target: "badge", into: &screen)
        #expect(try screen.root.allComponents.map(\.id) == ["product", "add", "related", "i2", "i3"])
        stub.answer("GET /s?_after=9", .init(body: #"{"id":"x","type":"text","data":{"text":"not an array"}}"#))
        await #expect(throws: PageClient.Failure.self) { _ = try await client.load("/s?_after=9", target: "i3", mode: .splice, into: &screen) }
    }

    @Test func anUpgradePageInASectionsPlaceIsReturnedNotSpliced() async throws {
        let stub = StubServer(), client = Self.client(stub)
        var screen = try await Self.screen(client, stub)
        let before = screen
        stub.answer("GET /product/3?_section=related", .init(headers: ["X-Upgrade-Required": "true"],
                                                             body: #"{"id":"upgrade","type":"page","data":{"children":[]}}"#))
        let effects = try await client.load("/product/3?_section=related", target: "related", into: &screen)
        #expect(screen == before && effects.count == 1)
        if case .upgradeRequired(let page)? = effects.first { #expect(page["id"] == .string("upgrade")) } else { Issue.record("\(effects)") }
    }

    @Test func otherActionsAreTheAppsOwn() async throws {
        let stub = StubServer(), client = Self.client(stub)
        var screen = try await Self.screen(client, stub)
        let navigate = JSON.object(["type": .string("navigate"), "url": .string("app://cart")])
        #expect(try await client.perform(navigate, on: &screen) == [.unhandled(navigate)])
        await #expect(throws: PageClient.Failure.undecodable(#"a load action has a "url" and a "target""#)) {
            _ = try await client.perform(.object(["type": .string("load")]), on: &screen)
        }
    }
}

extension Component {
    /// The data of an unknown type, as sent.
    var unknownData: JSON? {
        if case .unknown(_, let data) = content { return data }
        return nil
    }
}
