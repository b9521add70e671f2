import Testing
@testable import SDUI
@testable import Trellis

/// The preview's HTML escaping (SPEC §14) works per Unicode scalar: a combining mark after `"`
/// or `>`, or a prepend character before `<`, makes one `Character` with it, and must not hide
/// it from the escaper.
@Suite struct HTMLEscapeTests {
    /// Markup characters joined into one grapheme cluster with their neighbour.
    static let joined = ["\"\u{301}", ">\u{301}", "<\u{301}", "\u{600}<", "&\u{301}", "'\u{301}", "\u{600}\""]

    /// Whether `html` has a markup character from one of `joined` left as it was: one of
    /// `<>"'&` directly before U+0301, or `<`/`"` directly after U+0600.
    static func keepsARawMarkupCharacter(_ html: String) -> Bool {
        let scalars = Array(html.unicodeScalars)
        return zip(scalars, scalars.dropFirst()).contains { before, after in
            (after == "\u{301}" && "<>\"'&".unicodeScalars.contains(before)) || (before == "\u{600}" && (after == "<" || after == "\""))
        }
    }

    @Test func eachScalarIsEscapedWhateverCharacterItIsPartOf() {
        let expected = ["&quot;\u{301}", "&gt;\u{301}", "&lt;\u{301}", "\u{600}&lt;", "&amp;\u{301}", "&#39;\u{301}", "\u{600}&quot;"]
        for (text, escaped) in zip(Self.joined, expected) {
            #expect(Array(HTML.escape(text).utf8) == Array(escaped.utf8), "\(text.unicodeScalars.map(\.value))")
            #expect(!Self.keepsARawMarkupCharacter(HTML.escape("x" + text + "y")))
        }
        #expect(Array(HTML.escape("e\u{301} 日本 👍🏽").utf8) == Array("e\u{301} 日本 👍🏽".utf8), "other text is kept as it is")
    }

    @Test func aServedPageCannotInjectMarkupWithAJoinedCharacter() throws {
        let values = String(decoding: JSONWriter.encode(.string(Self.joined.joined())), as: UTF8.self)  // quoted
        let page = #"{"id":"p","type":"page","data":{"children":[{"id":"t","type":"text","data":{"text":\#(values),"style":\#(values)}},"#
            + #"{"id":"i","type":"image","data":{"url":\#(values),"alt":\#(values)}},{"id":"b","type":\#(values),"data":{\#(values):\#(values)}}]}}"#
        let html = ComponentHTML(page: try JSONParser.parse(page), records: []).html
        #expect(html.unicodeScalars.contains("\u{301}"), "the values reach the HTML")
        #expect(!Self.keepsARawMarkupCharacter(html))
    }
}
