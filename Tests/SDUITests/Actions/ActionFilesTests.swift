import Foundation
import Testing
@testable import SDUI

/// `Pages/actions/<name>.json` loaded and validated with the rest of Pages (SPEC §11): field
/// rules, the upstream URL, ops and their components, `$include`s, `refresh` names, bindings.
@Suite struct ActionFilesTests {
    static let page = #"[{"$section":"badge","then":{"id":"badge","type":"text","data":{"text":"x"}}}]"#

    static func files(_ action: String, name: String = "buy", extra: [String: String] = [:]) -> [String: [UInt8]] {
        var all = extra
        all["actions/\(name).json"] = action
        all["fragments/sold-out.json"] = #"{"id":"buy","type":"text","data":{"text":"Sold out: {{result.reason}}"}}"#
        all["sources.json"] = #"{"sources":{"s":{"file":"data/s.json"},"cart":{"url":"http://127.0.0.1:9/cart/{{key}}","forwardHeaders":["Authorization"]}}}"#
        all["data/s.json"] = "{}"
        return Fixtures.page(page, extra: all)
    }

    static let good = """
        { "input": { "productId": { "type": "string", "required": true },
                     "quantity": { "type": "integer", "min": 1, "max": 20 },
                     "size": { "type": "enum", "values": ["s", "m"] } },
          "upstream": { "url": "https://cart.internal/v1/items/{{input.productId}}", "method": "PUT",
                        "forwardHeaders": ["Authorization"] },
          "invalidates": ["cart"], "refresh": ["badge"],
          "then": [ { "op": "toast", "component": { "id": "t", "type": "text", "data": { "text": "{{result.message}}" } } },
                    { "op": "navigate", "url": "app://product/{{params.id}}?q={{input.quantity}}" },
                    { "op": "remove", "target": "promo" } ],
          "onError": { "409": [ { "op": "replace", "target": "buy", "component": { "$include": "sold-out" } } ] } }
        """

    @Test func aGoodActionLoadsWithItsDefaults() throws {
        let site = try Fixtures.load(Self.files(Self.good))
        let action = try #require(site.action(named: "buy"))
        #expect(action.upstream.method == "PUT")
        #expect(action.upstream.timeoutMs == 2000)
        #expect(action.upstream.url(input: JSONObject(["productId": .string("a b/c")])) == "https://cart.internal/v1/items/a%20b%2Fc")
        #expect(action.refresh == ["badge"] && action.invalidates == ["cart"])
        #expect(action.handles(error: 409) && !action.handles(error: 400))
        #expect(site.warnings.isEmpty)
    }

    @Test func eachMistakeIsReportedWithItsFileAndPath() {
        let bad = """
            { "input": { "n": { "type": "integer", "min": 5, "max": 1 }, "s": { "type": "text" },
                         "t": { "type": "string", "min": 1 }, "e": { "type": "enum" } },
              "upstream": { "url": "https://x/{{input.missing}}", "method": "GET", "timeoutMs": 0 },
              "invalidates": ["s", "nope"], "refresh": ["badge"],
              "then": [ { "op": "toast" }, { "op": "explode" }, { "op": "remove", "target": "a", "url": "b" },
                        { "op": "toast", "component": { "id": "t", "type": "text", "data": { "text": "{{product.title}}" } } },
                        { "op": "toast", "component": { "$include": "nowhere" } } ],
              "onError": { "500": [], "4xx": [] }, "extra": 1 }
            """
        let problems = Fixtures.problems(Self.files(bad))
        for expected in [
            "actions/buy.json:$.input.n.max: \"max\" is below \"min\"",
            "actions/buy.json:$.input.s.type: expected a field type",
            "actions/buy.json:$.input.t.min: \"min\" belongs to a number or integer field",
            "actions/buy.json:$.input.e.values: an enum needs \"values\"",
            "actions/buy.json:$.upstream.url: \"{{input.missing}}\": the URL may bind declared input fields",
            "actions/buy.json:$.upstream.method: expected one of POST, PUT, PATCH, DELETE",
            "actions/buy.json:$.upstream.timeoutMs: expected a positive integer",
            "actions/buy.json:$.invalidates[0]: \"s\" is a file source",
            "actions/buy.json:$.invalidates[1]: unknown source \"nope\"",
            "actions/buy.json:$.then[0]: a toast op needs \"component\"",
            "actions/buy.json:$.then[1].op: expected one of replace, remove, toast, navigate",
            "actions/buy.json:$.then[2].url: a remove op has no \"url\"",
            "actions/buy.json:$.then[3].component.data.text: \"{{product.title}}\": no data entry",
            "actions/buy.json:$.onError.500: expected a backend 4xx status",
            "actions/buy.json:$.onError.4xx: expected a backend 4xx status",
            "actions/buy.json:$.extra: ",
        ] {
            #expect(problems.contains { $0.hasPrefix(expected) }, "\(expected) in \(problems)")
        }
        #expect(problems.contains { $0.hasPrefix("actions/buy.json:$.then[4].component") && $0.contains("nowhere") }, "\(problems)")
    }

    @Test func theURLMayBindInputOnlyInItsPath() {
        for url in ["https://{{input.id}}/x", "https://x/y?id={{input.id}}", "ftp://x/{{input.id}}", "https://x/{{id}}"] {
            let action = #"{"input":{"id":{"type":"string"}},"upstream":{"url":"\#(url)"}}"#
            #expect(Fixtures.problems(Self.files(action)).contains { $0.hasPrefix("actions/buy.json:$.upstream.url") }, "\(url)")
        }
    }

    @Test func aRefreshNoPageHasIsAWarningOnly() throws {
        let site = try Fixtures.load(Self.files(#"{"upstream":{"url":"http://x/y"},"refresh":["nowhere"]}"#))
        #expect(site.warnings.map(\.description) == ["actions/buy.json:$.refresh[0]: warning: no page has a section \"nowhere\""])
    }

    @Test func aSubmitInAPageNamesADeclaredActionAndItsInputs() throws {
        func submit(_ action: String) -> String {
            #"[{"id":"b","type":"button","data":{"title":"Buy","action":\#(action)}}]"#
        }
        var files = Self.files(Self.good)
        files["pages/p.json"] = Array(#"{"route":"/p","root":{"id":"p","type":"page","data":{"children":\#(submit(#"{"type":"submit","action":"nope","input":{}}"#))}}}"#.utf8)
        #expect(Fixtures.problems(files) == [#"pages/p.json:$.root.data.children[0].data.action.action: no action "nope" (actions/nope.json)"#])
        files["pages/p.json"] = Array(#"{"route":"/p","root":{"id":"p","type":"page","data":{"children":\#(submit(#"{"type":"submit","action":"buy","input":{"productId":"3","colour":"red"}}"#))}}}"#.utf8)
        #expect(Fixtures.problems(files) == [#"pages/p.json:$.root.data.children[0].data.action.input.colour: "colour" is not an input of action "buy""#])
        files["pages/p.json"] = Array(#"{"route":"/p","root":{"id":"p","type":"page","data":{"children":\#(submit(#"{"type":"submit","action":"buy","input":{"productId":"3"}}"#))}}}"#.utf8)
        #expect(Fixtures.problems(files).isEmpty)
    }

    @Test func opsBindResultTheDeclaredInputsAndParamsOnly() {
        let action = """
            { "input": { "productId": { "type": "string" }, "quantity": { "type": "integer" } },
              "upstream": { "url": "http://x/y" },
              "then": [ { "op": "toast", "component": { "id": "t", "type": "text",
                          "data": { "text": "{{result.any.thing}} {{input}} {{input.quantity}} {{params.id}} {{input.quantty}} {{input.colour}}" } } },
                        { "op": "navigate", "url": "app://search?q={{query.q}}" } ],
              "onError": { "409": [ { "op": "replace", "target": "buy", "component": { "$include": "f" } } ] } }
            """
        let extra = ["fragments/f.json": #"{"id":"buy","type":"text","data":{"text":"{{query.q}} {{input.size}} {{result.reason}}"}}"#]
        #expect(Fixtures.problems(Self.files(action, extra: extra)) == [
            #"actions/buy.json:$.then[0].component.data.text: "{{input.colour}}": action "buy" declares no input "colour""#,
            #"actions/buy.json:$.then[0].component.data.text: "{{input.quantty}}": action "buy" declares no input "quantty" (did you mean "quantity"?)"#,
            #"actions/buy.json:$.then[1].url: "{{query.q}}": no "query" in an action's ops (they bind result, input and params)"#,
            #"fragments/f.json:$.data.text: "{{input.size}}": action "buy" declares no input "size""#,
            #"fragments/f.json:$.data.text: "{{query.q}}": no "query" in action "buy" (its ops bind result, input and params)"#,
        ])
        // With no `input`, no field is declared; an `input` that can't be read checks none.
        #expect(Fixtures.problems(Self.files(#"{"upstream":{"url":"http://x/y"},"then":[{"op":"navigate","url":"app://x/{{input.id}}"}]}"#)) == [
            #"actions/buy.json:$.then[0].url: "{{input.id}}": action "buy" declares no input "id""#,
        ])
        #expect(Fixtures.problems(Self.files(#"{"input":[],"upstream":{"url":"http://x/y"},"then":[{"op":"navigate","url":"app://x/{{input.id}}"}]}"#)) == [
            #"actions/buy.json:$.input: expected an object of input fields"#,
        ])
    }

    @Test func aBadFileNameIsReported() {
        #expect(Fixtures.problems(Self.files(#"{"upstream":{"url":"http://x/y"}}"#, name: "Buy_Now")).contains {
            $0.hasPrefix("actions/Buy_Now.json:$: an action file is actions/<name>.json")
        })
    }

    @Test func opsAreEvaluatedWithResultInputAndParamsAndNegotiated() throws {
        let site = try Fixtures.load(Self.files(Self.good))
        let action = try #require(site.action(named: "buy"))
        let client = site.clientClass(for: Fixtures.client("ios/5.0.0"))
        let ops = site.renderOps(action, result: Fixtures.json(#"{"message":"Added"}"#), input: JSONObject(["quantity": .number("2")]),
                                 params: ["id": "7"], client: client, at: Date(timeIntervalSince1970: 0))
        #expect(ops.map { String(decoding: $0, as: UTF8.self) } == [
            #"{"op":"toast","component":{"id":"t","type":"text","data":{"text":"Added"}}}"#,
            #"{"op":"navigate","url":"app://product/7?q=2"}"#,
            #"{"op":"remove","target":"promo"}"#,
        ])
        // No result: the toast's required text has no value, so the op is left out.
        let bare = site.renderOps(action, result: nil, input: JSONObject(), params: [:], client: client, at: Date(timeIntervalSince1970: 0))
        #expect(bare.map { String(decoding: $0, as: UTF8.self) } == [#"{"op":"remove","target":"promo"}"#])
        let error = site.renderOps(action, errorStatus: 409, result: Fixtures.json(#"{"reason":"gone"}"#), input: JSONObject(),
                                   params: [:], client: client, at: Date(timeIntervalSince1970: 0))
        #expect(error.map { String(decoding: $0, as: UTF8.self) } == [
            #"{"op":"replace","target":"buy","component":{"id":"buy","type":"text","data":{"text":"Sold out: gone"}}}"#,
        ])
    }
}
