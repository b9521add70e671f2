import Testing
@testable import SDUI

/// A catalog type's `preview.html` (SPEC §13): values through the caller's escaper, slots
/// drawn by the caller, sections over arrays and present values; refused at load, at
/// `catalog.json:$.components.<type>.preview.html`, when it could run a script or let a value
/// out of its place.
@Suite struct PreviewTemplateTests {
    static func template(_ html: String, slots: [String] = []) throws -> PreviewTemplate {
        try PreviewTemplate.parse(html, slots: slots).get()
    }

    /// `escape` marks what it was given, so the test sees exactly which text went through it.
    static func expand(_ template: PreviewTemplate, _ data: String) -> String {
        template.expand(Fixtures.json(data), escape: { "[" + $0 + "]" }, slot: { "<slot " + $0 + ">" })
    }

    @Test func valuesGoThroughTheEscaperInTextAndQuotedAttributes() throws {
        let hero = try Self.template(#"<div class=hero><img src="{{image.url}}" alt="{{image.alt}}"><h3>{{title}}</h3>{{missing}}</div>"#)
        #expect(Self.expand(hero, #"{"title":"<b>Sale</b>","image":{"url":"x\" onerror=\"y","alt":"A"}}"#)
            == #"<div class=hero><img src="[x" onerror="y]" alt="[A]"><h3>[<b>Sale</b>]</h3>[]</div>"#)
        let numbers = try Self.template("{{value}} {{count}} {{on}} {{list}}")
        #expect(Self.expand(numbers, #"{"value":4.60,"count":12,"on":true,"list":[1]}"#) == "[4.60] [12] [true] []")
    }

    @Test func slotsAreDrawnByTheCallerAndSectionsRepeat() throws {
        let carousel = try Self.template(#"<div class="s">{{items}}</div>"#, slots: ["items"])
        #expect(Self.expand(carousel, #"{"items":[]}"#) == #"<div class="s"><slot items></div>"#)
        let chips = try Self.template(#"{{#chips}}<i class="{{style}}">{{label}}</i>{{/chips}}{{^chips}}none{{/chips}}"#)
        #expect(Self.expand(chips, #"{"style":"pill","chips":[{"label":"A"},{"label":"B","style":"on"}]}"#)
            == #"<i class="[pill]">[A]</i><i class="[on]">[B]</i>"#, "a name missing in the element is looked up outside")
        #expect(Self.expand(chips, #"{"chips":[]}"#) == "none")
        let badge = try Self.template("{{#badge}}<b>{{badge}}</b>{{/badge}}")
        #expect(Self.expand(badge, #"{"badge":"-20%"}"#) == "<b>[-20%]</b>")
        #expect(Self.expand(badge, #"{"badge":""}"#) == "" && Self.expand(badge, "{}") == "")
    }

    @Test(arguments: [
        ("<div><script>alert(1)</script></div>", "a <script> tag is not allowed"),
        ("<SCRIPT src=x></SCRIPT>", "a <script> tag is not allowed"),
        (#"<img src="x" onerror="alert(1)">"#, #"the event-handler attribute "onerror" is not allowed"#),
        (#"<div OnClick = "f()">x</div>"#, #"the event-handler attribute "OnClick" is not allowed"#),
        (#"<a href="javascript:alert(1)">x</a>"#, "a javascript: URL is not allowed"),
        ("<a href=\"java\tscript:alert(1)\">x</a>", "a javascript: URL is not allowed"),
        ("<img src={{url}}>", "{{url}} inside a tag must be in a quoted attribute value"),
        ("<div {{attrs}}>", "{{attrs}} inside a tag must be in a quoted attribute value"),
        (#"<div title="{{items}}">"#, "the slot {{items}} must stand in text, not inside a tag"),
        ("{{#chips}}<b>", "{{#chips}} is never closed"),
        ("{{/chips}}", "{{/chips}} closes no open section of that name"),
        (#"<i class="{{#on}}x">{{/on}}</i>"#, "the section closed by {{/on}} must end where it starts (in text, a tag or one attribute value)"),
        ("<div class=hero", "the markup ends inside a tag"),
        ("{{title", #"unterminated "{{" in "{{title""#),
    ])
    func refusedMarkupIsAProblemAtItsPath(html: String, message: String) {
        let escaped = String(decoding: JSONWriter.encode(.string(html)), as: UTF8.self)
        let catalog = #"{"components":{"page":{"slots":["children"]},"hero":{"slots":["items"],"preview":{"html":\#(escaped)}}}}"#
        #expect(Fixtures.problems(Fixtures.files([:], catalog: catalog)) == ["catalog.json:$.components.hero.preview.html: " + message])
    }

    @Test func theBlockTakesOnlyAnHTMLString() {
        let catalog = #"{"components":{"page":{"slots":["children"]},"a":{"preview":{"html":1}},"b":{"preview":{"html":"x","css":""}},"c":{"preview":"x"}}}"#
        #expect(Fixtures.problems(Fixtures.files([:], catalog: catalog)) == [
            "catalog.json:$.components.a.preview.html: expected the preview's markup as a string",
            #"catalog.json:$.components.b.preview.css: unknown key "css" in a preview (html)"#,
            #"catalog.json:$.components.c.preview: expected an object { "html": … }"#,
        ])
    }

    @Test func textThatIsNotMarkupIsAccepted() throws {
        let template = try Self.template("<p>5 < 6 & \"quoted\" {{a}}</p><hr>")
        #expect(Self.expand(template, #"{"a":"x"}"#) == "<p>5 < 6 & \"quoted\" [x]</p><hr>")
    }
}
