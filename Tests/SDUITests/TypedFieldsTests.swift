import Testing
@testable import SDUI

/// Typed field rules (SPEC §7.4): every type accepted and refused at validate time with its
/// `file:path: message`, `additionalFields: false`, and wrongly typed bound values at request time.
@Suite struct TypedFieldsTests {
    static let catalog = """
    { "components": {
      "page": { "slots": ["children"] },
      "w": { "required": ["s"], "fields": {
        "s": { "type": "string" }, "n": { "type": "number" }, "i": { "type": "integer" }, "b": { "type": "boolean" },
        "u": { "type": "url" }, "c": { "type": "color" }, "e": { "type": "enum", "values": ["primary", "secondary"] },
        "a": { "type": "action" }, "o": { "type": "object" }, "l": { "type": "array" } } },
      "strict": { "additionalFields": false, "slots": ["items"], "required": ["title"], "fields": { "note": { "type": "string" } } }
    } }
    """

    static func problems(_ data: String) -> [String] {
        Fixtures.problems(Fixtures.page(#"[{"id":"x","type":"w","data":\#(data)}]"#, extra: ["catalog.json": catalog]))
    }

    static let path = "pages/p.json:$.root.data.children[0].data."

    /// (field, accepted literal, refused literal, the message's "got" part)
    static let cases: [(String, String, String, String)] = [
        ("n", "1.5", #""1.5""#, #"expected number, got "1.5""#),
        ("i", "3", #""three""#, #"expected integer, got "three""#),
        ("i", "3.0", "3.5", "expected integer, got 3.5"),
        ("b", "false", #""false""#, #"expected boolean, got "false""#),
        ("u", #""app://cart""#, #""cart""#, #"expected an absolute URL, got "cart""#),
        ("c", ##""#FFAA00cc""##, ##""#FFAA0""##, ##"expected a color #RRGGBB or #RRGGBBAA, got "#FFAA0""##),
        ("e", #""secondary""#, #""tertiary""#, #"expected one of "primary", "secondary", got "tertiary""#),
        ("a", #"{"type":"go"}"#, #""go""#, #"expected an action object (or an array of them), got "go""#),
        ("a", #"[{"type":"go"}]"#, #"[{"to":"x"}]"#, #"expected an action object (or an array of them), got [{"to":"x"}]"#),
        ("o", #"{"k":1}"#, "[1]", "expected object, got [1]"),
        ("l", "[1]", #"{"k":1}"#, #"expected array, got {"k":1}"#),
        ("s", #""text""#, "7", "expected string, got 7"),
    ]

    @Test(arguments: 0..<cases.count) func eachTypeIsAcceptedAndRefusedAtValidateTime(_ index: Int) {
        let (field, good, bad, message) = Self.cases[index]
        let base = field == "s" ? "" : #""s":"x","#
        #expect(Self.problems(#"{\#(base)"\#(field)":\#(good)}"#) == [])
        #expect(Self.problems(#"{\#(base)"\#(field)":\#(bad)}"#) == [Self.path + field + ": " + message])
    }

    @Test func interpolatedStringsAreRefusedForTypesThatArentStrings() {
        #expect(Self.problems(#"{"s":"x","i":"n{{params.id}}"}"#) == [Self.path + "i: expected integer, got an interpolated string"])
        #expect(Self.problems(#"{"s":"x{{params.id}}","i":"{{params.id}}"}"#) == [])
    }

    /// SPEC §7.1: a `$t` or `$format` becomes a string, so in a field typed integer, number,
    /// boolean, action, object or array it would only ever vanish at request time; `validate`
    /// says so, under `$if`, `$variant` and a schedule too. String-valued types (string, url,
    /// color, enum) take them.
    @Test func messagesAndFormatsAreRefusedForTypesThatArentStrings() {
        let extra = ["catalog.json": Self.catalog, "site.json": #"{ "defaultLocale": "en" }"#,
                     "strings/en.json": #"{ "k": "primary" }"#,
                     "rollout.json": #"{ "experiments": [ { "name": "x", "pages": ["p"], "salt": "s", "variants": [ { "name": "A", "weight": 1 } ] } ] }"#]
        func problems(_ data: String) -> [String] {
            Fixtures.problems(Fixtures.page(#"[{"id":"x","type":"w","data":\#(data)}]"#, extra: extra))
        }
        let t = #"{"$t":"k"}"#, format = #"{"$format":1.5,"style":"number"}"#
        #expect(problems(#"{"s":"x","n":\#(format),"i":\#(t),"b":\#(t),"a":\#(t),"o":\#(format),"l":\#(t)}"#) == [
            Self.path + "a: expected an action object (or an array of them), got a $t message (it becomes a string)",
            Self.path + "b: expected boolean, got a $t message (it becomes a string)",
            Self.path + "i: expected integer, got a $t message (it becomes a string)",
            Self.path + "l: expected array, got a $t message (it becomes a string)",
            Self.path + "n: expected number, got a $format (it becomes a string)",
            Self.path + "o: expected object, got a $format (it becomes a string)",
        ])
        let wrapped = #"{"s":"x","i":{"$if":"params.id","then":\#(t),"else":3},"n":{"$variant":"x","A":\#(format)},"#
            + #""b":{"$t":"k","activeFrom":"2026-01-01T00:00:00Z"}}"#
        #expect(problems(wrapped) == [
            Self.path + "b: expected boolean, got a $t message (it becomes a string)",
            Self.path + "i.then: expected integer, got a $t message (it becomes a string)",
            Self.path + "n.A: expected number, got a $format (it becomes a string)",
        ])
        #expect(problems(#"{"s":\#(t),"u":\#(t),"c":\#(format),"e":\#(t),"i":{"$if":"params.id","then":3}}"#) == [])
    }

    @Test func additionalFieldsFalseRefusesUndeclaredFields() {
        let files = Fixtures.page(#"[{"id":"x","type":"strict","data":{"title":"t","note":"n","items":[],"extra":1}}]"#,
                                  extra: ["catalog.json": Self.catalog])
        #expect(Fixtures.problems(files) == [Self.path + #"extra: unknown field "extra" of type "strict" (additionalFields is false)"#])
    }

    @Test func catalogRulesAreChecked() {
        let bad = #"{ "components": { "page": { "slots": ["children"] }, "w": { "fields": {"#
            + #""a": { "type": "date" }, "b": { "type": "enum" }, "c": { "type": "string", "values": ["x"] }, "d": { "since": 1 } } } } }"#
        let problems = Fixtures.problems(Fixtures.page("[]", extra: ["catalog.json": bad]))
        #expect(problems.contains(#"catalog.json:$.components.w.fields.a.type: unknown field type "date" (string, number, integer, boolean, url, color, enum, action, object, array)"#))
        #expect(problems.contains(#"catalog.json:$.components.w.fields.b.values: an enum needs "values": a non-empty array of strings"#))
        #expect(problems.contains(#"catalog.json:$.components.w.fields.c.values: "values" belongs to "type": "enum""#))
        #expect(problems.contains("catalog.json:$.components.w.fields.d.since: expected an object of platform versions"))
    }

    @Test func aWronglyTypedBoundValueIsNoValueAndDropsARequiredFieldsComponent() throws {
        let files = Fixtures.page(#"""
        [{"id":"x","type":"w","data":{"s":"{{d.s}}","i":"{{d.i}}"}},{"id":"y","type":"w","data":{"s":"ok","i":"{{d.i}}","c":"{{d.c}}"}}]
        """#, data: #"{"d":{"source":"s","key":"k"}}"#, extra: ["catalog.json": Self.catalog])
        let site = try Fixtures.load(files)
        let wrong = Fixtures.render(site, data: ["d": Fixtures.json(##"{"s":42,"i":"7","c":"#12345"}"##)])
        #expect(wrong == #"{"id":"p","type":"page","data":{"children":[{"id":"y","type":"w","data":{"s":"ok"}}]}}"#)
        let right = Fixtures.render(site, data: ["d": Fixtures.json(##"{"s":"t","i":7,"c":"#123456"}"##)])
        #expect(right == ##"{"id":"p","type":"page","data":{"children":[{"id":"x","type":"w","data":{"s":"t","i":7}},{"id":"y","type":"w","data":{"s":"ok","i":7,"c":"#123456"}}]}}"##)
    }
}
