import Testing
@testable import SDUI
@testable import Trellis

/// The preview's generic rendering of a served page (SPEC §8.2): every value escaped, replaced
/// components outlined with their original type, dropped ones as placeholders in their place.
@Suite struct ComponentHTMLTests {
    static let reason = FallbackReason.belowSince(ClientVersion(header: "ios/4.9.0")!, since: SemanticVersion("5.0.0")!)

    func html(_ body: String, _ records: [FallbackRecord] = []) throws -> String {
        ComponentHTML(page: try JSONParser.parse(body), records: records).html
    }

    @Test func valuesAreEscapedInTextAndAttributes() throws {
        let out = try html(#"{"id":"p","type":"page","data":{"children":[{"id":"t","type":"text","data":{"text":"<script>alert(1)</script>"}},{"id":"i","type":"image","data":{"url":"x\" onerror=\"alert(1)","alt":"a'b"}},{"id":"w","type":"<b>","data":{"<k>":"&"}}]}}"#)
        #expect(!out.contains("<script>"))
        #expect(out.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(out.contains(#"src="x&quot; onerror=&quot;alert(1)""#))
        #expect(out.contains("a&#39;b"))
        #expect(out.contains("&lt;b&gt;") && out.contains("&lt;k&gt;") && out.contains("&amp;"))
        #expect(!out.contains("<k>") && !out.contains("type=\"<b>"))
    }

    @Test func aSubmitButtonShowsTheActionsNameAndInput() throws {
        let out = try html(#"{"id":"p","type":"page","data":{"children":[{"id":"b","type":"button","data":{"title":"Add","action":{"type":"submit","action":"add-<to>-cart","input":{"productId":"3"}}}}]}}"#)
        #expect(out.contains(#"<div class="submit">submits <b>add-&lt;to&gt;-cart</b> <code>{&quot;productId&quot;:&quot;3&quot;}</code></div>"#))
        #expect(try !html(#"{"id":"p","type":"page","data":{"children":[{"id":"b","type":"button","data":{"title":"Go","action":{"type":"navigate","url":"x"}}}]}}"#).contains("submits"))
    }

    @Test func replacedComponentsAreOutlinedWithTheirOriginalType() throws {
        let record = FallbackRecord(path: "$.data.children[0]", id: "c", originalType: "carousel", servedType: "column", reason: Self.reason)
        let out = try html(#"{"id":"p","type":"page","data":{"children":[{"id":"c","type":"column","data":{"elements":[]}}]}}"#, [record])
        #expect(out.contains(#"<div class="replaced"><span class="mark">carousel → column<small>ios/4.9.0 &lt; since 5.0.0</small>"#))
    }

    @Test func droppedComponentsArePlaceholdersWhereTheyWere() throws {
        let dropped = { (path: String, type: String) in
            FallbackRecord(path: path, id: type, originalType: type, servedType: nil, reason: Self.reason)
        }
        let out = try html(#"{"id":"p","type":"page","data":{"children":[{"id":"a","type":"text","data":{"text":"A"}},{"id":"b","type":"text","data":{"text":"B"}}]}}"#,
                           [dropped("$.data.children[1]", "rating"), dropped("$.data.children[2]", "video"), dropped("$.data.header", "hero")])
        let a = try #require(out.range(of: ">A<")), rating = try #require(out.range(of: "<b>rating</b> dropped"))
        let b = try #require(out.range(of: ">B<")), video = try #require(out.range(of: "<b>video</b> dropped"))
        let hero = try #require(out.range(of: "<b>hero</b> dropped"))
        #expect(a.lowerBound < rating.lowerBound && rating.lowerBound < b.lowerBound && b.lowerBound < video.lowerBound)
        #expect(video.lowerBound < hero.lowerBound)
    }

    @Test func buttonStylesAreClasses() throws {
        let out = try html(#"{"id":"p","type":"page","data":{"children":[{"id":"a","type":"button","data":{"title":"A","style":"secondary"}},{"id":"b","type":"button","data":{"title":"B","style":"x\" onclick=\"y"}},{"id":"c","type":"button","data":{"title":"C"}}]}}"#)
        #expect(out.contains(#"<span class="button secondary">A</span>"#))
        #expect(out.contains(#"<span class="button">B</span>"#) && out.contains(#"<span class="button">C</span>"#))
    }

    /// A type with a preview template is drawn by it: values escaped per Unicode scalar, its
    /// slot as the children's HTML, with the placeholder of a dropped child in its place.
    @Test func aTemplateDrawsItsTypeWithEscapedValuesAndItsSlot() throws {
        let previews = [
            "hero": try PreviewTemplate.parse(#"<div class="hero" title="{{title}}"><h3>{{title}}</h3></div>"#, slots: []).get(),
            "carousel": try PreviewTemplate.parse(#"<div class="scroll">{{items}}</div>"#, slots: ["items"]).get(),
        ]
        let title = String(decoding: JSONWriter.encode(.string(HTMLEscapeTests.joined.joined() + "<script>x</script>")), as: UTF8.self)
        let page = #"{"id":"p","type":"page","data":{"children":[{"id":"h","type":"hero","data":{"title":\#(title)}},"#
            + #"{"id":"c","type":"carousel","data":{"items":[{"id":"t","type":"text","data":{"text":"A"}}]}}]}}"#
        let dropped = FallbackRecord(path: "$.data.children[1].data.items[1]", id: "r", originalType: "rating", servedType: nil, reason: Self.reason)
        let out = ComponentHTML(page: try JSONParser.parse(page), records: [dropped], previews: previews).html
        #expect(out.contains(#"<div class="hero" title=""#) && out.contains("<h3>&quot;\u{301}&gt;\u{301}"))
        #expect(!out.contains("<script>") && !HTMLEscapeTests.keepsARawMarkupCharacter(out))
        #expect(out.contains(#"<div class="scroll"><p class="text" data-style="">A</p><div class="dropped"><b>rating</b> dropped"#))
        #expect(!out.contains(#"class="box""#), "no box of fields for a type with a template")
    }
}

/// The preview's query (SPEC §8.2): repeated clients, shared headers, links that keep the rest.
@Suite struct PreviewQueryTests {
    @Test func clientsRepeatAndTheRestApplyToEveryColumn() {
        let query = PreviewQuery("client=ios/4.9.0&client=none&device=d1&variant=home-hero%3DB&release=canary&locale=fr&q=a+b")
        #expect(query.clients == ["ios/4.9.0", "none"])
        #expect(query.headers(for: "ios/4.9.0").map { "\($0.name): \($0.value)" } == [
            "X-Client-Version: ios/4.9.0", "X-Device-Id: d1", "X-AB-Variant: home-hero=B", "X-Release: canary",
            "Accept-Language: fr",
        ])
        #expect(query.headers(for: "none")["X-Client-Version"] == nil)
        #expect(query.link { $0.release = nil }
            == "?client=ios/4.9.0&client=none&device=d1&variant=home-hero%3DB&locale=fr&q=a%20b")
    }

    @Test func headerFieldsAndCapabilitiesReachEveryColumn() {
        let query = PreviewQuery("client=ios/6.0.0&client=none&capabilities=page,text&header=Authorization:%20Bearer%20alice"
            + "&header=X-Trace:%20a%3Ab&header=&header=no%20colon&header=Bad%20Name:%20x&header=X-Evil:%20a%0D%0Ab")
        for client in query.clients {
            let headers = query.headers(for: client)
            #expect(headers["X-Client-Capabilities"] == "page,text")
            #expect(headers["Authorization"] == "Bearer alice" && headers["X-Trace"] == "a:b")
            #expect(headers["X-Evil"] == nil && headers["Bad Name"] == nil)
        }
        #expect(query.passthrough.isEmpty)
        #expect(query.link() == "?client=ios/6.0.0&client=none&capabilities=page%2Ctext&header=Authorization%3A%20Bearer%20alice"
            + "&header=X-Trace%3A%20a%3Ab")
    }

    @Test func noClientShowsTheDefaultsAndManyAreCapped() {
        #expect(PreviewQuery(nil).clients == PreviewQuery.defaultClients)
        let many = (0..<40).map { "client=ios/\($0).0.0" }.joined(separator: "&")
        #expect(PreviewQuery(many).clients.count == PreviewQuery.maxClients)
    }
}
