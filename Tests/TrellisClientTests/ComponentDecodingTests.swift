import Foundation
import Testing
import TrellisClient

/// The client library on its own: unknown types and actions are kept, requests carry the
/// negotiation headers, and a 304 answers with the kept page.
@Suite struct ComponentDecodingTests {
    static func decode(_ json: String) throws -> Component {
        try JSONDecoder().decode(Component.self, from: Data(json.utf8))
    }

    @Test func knownTypesDecodeIntoTypedContent() throws {
        let page = try Self.decode(#"""
        {"id":"home","type":"page","data":{"title":"Home","children":[
          {"id":"t","type":"text","data":{"text":"Hi","style":"body"}},
          {"id":"b","type":"button","data":{"title":"Buy","action":{"type":"add-to-cart","productId":"3"}}},
          {"id":"c","type":"carousel","data":{"items":[{"id":"i","type":"image","data":{"url":"https://x/y.png","alt":"Y"}}]}}]}}
        """#)
        #expect(page.content == .page(title: "Home", children: page.children))
        #expect(page.children.map(\.type) == ["text", "button", "carousel"])
        #expect(page.children[1].content == .button(title: "Buy", style: nil, action: .addToCart(productId: "3")))
        #expect(page.allComponents.map(\.id) == ["home", "t", "b", "c", "i"])
    }

    @Test func unknownTypesAndActionsAreKeptWithTheirDataAndChildren() throws {
        let page = try Self.decode(#"""
        {"id":"p","type":"page","data":{"children":[
          {"id":"h","type":"hologram","data":{"depth":3,"layers":[{"id":"l","type":"text","data":{"text":"in"}}]}},
          {"id":"b","type":"button","data":{"title":"Go","action":{"type":"teleport","to":"mars"}}},
          {"id":"t","type":"text","data":{"style":"body"}}]}}
        """#)
        let hologram = page.children[0]
        guard case .unknown(let type, let data) = hologram.content else { throw TestError("not unknown") }
        #expect(type == "hologram" && data["depth"] == .number(3))
        #expect(hologram.children.map(\.content) == [.text(text: "in", style: nil)])
        #expect(page.children[1].content == .button(title: "Go", style: nil,
                                                    action: .unknown(type: "teleport", data: .object(["type": .string("teleport"), "to": .string("mars")]))))
        // A known type whose required field is missing is kept as unknown, not a decoding error.
        #expect(page.children[2].type == "text")
        if case .unknown = page.children[2].content {} else { Issue.record("a text without text should be unknown") }
    }

    @Test func requestsCarryTheNegotiationHeadersAndTheETag() {
        let builder = PageRequestBuilder(baseURL: URL(string: "http://127.0.0.1:8080")!, clientVersion: "ios/5.2.0",
                                         capabilities: ["page", "text"], deviceID: "d-1", acceptLanguage: "fr-CA",
                                         forwarded: [("Authorization", "Bearer alice")])
        let request = builder.request(path: "/product/3", etag: "\"abc\"")
        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/product/3")
        #expect(request.value(forHTTPHeaderField: "X-Client-Version") == "ios/5.2.0")
        #expect(request.value(forHTTPHeaderField: "X-Client-Capabilities") == "page,text")
        #expect(request.value(forHTTPHeaderField: "X-Device-Id") == "d-1")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer alice")
        #expect(request.value(forHTTPHeaderField: "Accept-Language") == "fr-CA")
        #expect(request.value(forHTTPHeaderField: "If-None-Match") == "\"abc\"")
        #expect(PageRequestBuilder(baseURL: URL(string: "http://h")!).request(path: "/home").allHTTPHeaderFields?.isEmpty ?? true)
    }

    @Test func a304AnswersWithTheKeptPageAndOtherStatusesAreFailures() throws {
        let body = Data(#"{"id":"p","type":"page","data":{"children":[]}}"#.utf8)
        let headers = ["ETag": "\"e1\"", "X-Fallbacks": "2"]
        let first = try PageClient.page(status: 200, header: { headers[$0] }, body: body, previous: nil).get()
        #expect(first.etag == "\"e1\"" && first.fallbacks == 2 && !first.revalidated)
        let again = try PageClient.page(status: 304, header: { headers[$0] }, body: Data(), previous: first).get()
        #expect(again.revalidated && again.root == first.root)
        guard case .failure(.status(400, nil)) = PageClient.page(status: 400, header: { _ in nil }, body: Data(), previous: nil) else {
            throw TestError("a 400 should fail")
        }
    }
}

struct TestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
