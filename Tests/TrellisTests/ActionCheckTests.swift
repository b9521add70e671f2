import HTTPServer
import SDUI
import Testing
import TestSupport
@testable import Trellis

/// The pieces of an action's checks and error answers that every refused action runs
/// (SPEC §11), read and written as bytes.
@Suite struct ActionCheckTests {
    @Test func theContentTypeIsJSONWithParametersCaseAndSpacesAside() {
        for value in ["application/json", "Application/JSON", "application/json; charset=utf-8", " \tapplication/json ;x=y",
                      "APPLICATION/JSON;", "application/json\t"] {
            #expect(Self.isJSON(value), "\(value)")
        }
        for value in [nil, "", "application/jsonp", "application/jso", "text/json", "application/json-patch+json", "application json",
                      "application\u{0F}json", "application/\u{00A0}json", "; application/json"] {
            #expect(!Self.isJSON(value), "\(String(describing: value))")
        }
    }

    @Test func anActionsRecordRidesInsideItsAnnotationAndNamesTheActionOfItsPath() {
        // An existential's three inline words: larger, every action answer would allocate a box.
        #expect(MemoryLayout<ActionRecord>.size <= 3 * MemoryLayout<UInt>.size)
        let named = ActionRecord(namesAction: true, backendStatus: 201, traceBits: (1, 2))
        #expect(named.action(path: "/_actions/add-to-cart") == "add-to-cart" && named.backendStatus == 201)
        #expect(named.action(path: "/_actions/a-name-longer-than-fifteen-bytes-é") == "a-name-longer-than-fifteen-bytes-é")
        let unnamed = ActionRecord(namesAction: false, backendStatus: nil, traceBits: (1, 2))
        #expect(unnamed.action(path: "/_actions/nope") == "-" && unnamed.backendStatus == nil)
        var line = LogLine(capacity: 128)
        named.appendAccessFields(to: &line, action: "buy", errorCode: nil)
        #expect(line.text == "trace_id=00000000000000010000000000000002 action=buy backend=201")
    }

    /// `ActionCheck.isJSON` of a request whose only `Content-Type` is `value` (none: nil).
    static func isJSON(_ value: String?) -> Bool {
        let headers = HTTPHeaders(value.map { [("Content-Type", $0)] } ?? [])
        return headers.withCombinedValue(of: "Content-Type") { $0.map(ActionCheck.isJSON) ?? false }
    }

    @Test func aRefusedInputIsTheErrorObjectWithItsFieldsAdded() {
        let fields = JSONObject(["quantity": .string("expected an integer from 1 to 20"), "note": .string("say \"hi\"")])
        let error = ActionError(HTTPError(status: 400, code: "bad_input", message: "the input breaks \"the\" rules"), fields: Self.members(fields))
        #expect(String(decoding: error.body, as: UTF8.self)
            == #"{"error":{"status":400,"code":"bad_input","message":"the input breaks \"the\" rules","#
            + #""fields":{"quantity":"expected an integer from 1 to 20","note":"say \"hi\""}}}"#)
        // Without fields, the error's own body.
        let refused = ActionError(HTTPError(status: 405, code: "method_not_allowed", message: "POST", headers: HTTPHeaders([("Allow", "POST")])))
        #expect(refused.body == HTTPError(status: 405, code: "method_not_allowed", message: "POST").response.body)
    }

    /// A body with fields is the error's own JSON with `"fields"` added before its last two
    /// braces, whether its head is the one encoded once (the refused input's) or written per
    /// answer: on generated fields and errors.
    @Test func aBodyWithFieldsIsTheErrorsOwnWithTheFieldsAdded() {
        var random = SeededGenerator(seed: 0xF1E1D)
        let texts = ["quantity", "expected an integer from 1 to 20", "say \"hi\"", "é", "a\\b", "line\nbreak", "\u{01}", ""]
        let errors = [ActionError.refusedInput, ActionError.refusedInput, HTTPError(status: 400, code: "bad_input", message: "other"),
                      HTTPError(status: 422, code: "odd \"code\"", message: "é\t")]
        for _ in 0..<GeneratedCases.count(default: 500) {
            var fields = JSONObject()
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let name = texts.randomElement(using: &random)! + String(Int.random(in: 0...9, using: &random))
                fields[name] = .string(texts.randomElement(using: &random)!)
            }
            let error = errors.randomElement(using: &random)!
            let own = Array(error.jsonBody.utf8)
            let expected = Array(own.dropLast(2)) + Array(#","fields":"#.utf8) + JSONWriter.encode(.object(fields)) + Array("}}".utf8)
            #expect(ActionError(error, fields: Self.members(fields)).body == expected, "\(error) \(fields)")
        }
    }

    /// An action's name is what follows the prefix, its bytes copied whole; its twin decodes
    /// them with `String(decoding:as:)`: on generated paths, with and without the prefix, whose
    /// tenth byte may fall inside a character (then both repair it alike).
    @Test func anActionsNameIsWhatFollowsThePrefix() {
        var random = SeededGenerator(seed: 0xAC71)
        let pieces = ["/_actions/", "/_actions/", "a", "add-to-cart", "é", "€", "😀", "-", "/", "%20", "_"]
        for _ in 0..<GeneratedCases.count(default: 2_000) {
            let path = (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let expected = String(decoding: path.utf8.dropFirst(ActionCheck.prefix.utf8.count), as: UTF8.self)
            #expect(ActionCheck.actionName(path) == expected, "\(path)")
        }
    }

    /// Each member of `fields` as the writer encodes it: its object's bytes without the braces.
    static func members(_ fields: JSONObject) -> [[UInt8]] {
        fields.members.map { Array(JSONWriter.encode(.object(JSONObject([$0.key: $0.value]))).dropFirst().dropLast()) }
    }
}
