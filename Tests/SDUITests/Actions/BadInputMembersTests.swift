import Testing
import TestSupport
@testable import SDUI

/// A refused input's members (`BadInput.members`), most of them encoded once with their rule,
/// put together are the writer's encoding of its `fields` (the `"fields"` object of the 400
/// `bad_input` answer), on generated inputs: every kind of problem, field names and messages
/// that need escaping, several bad fields at once.
@Suite struct BadInputMembersTests {
    static let action = #"""
        { "input": { "id": { "type": "string", "required": true, "maxLength": 4 },
                     "quantity": { "type": "integer", "min": 1, "max": 20 },
                     "price": { "type": "number", "min": 0.5 },
                     "q\"uote": { "type": "string", "maxLength": 2 },
                     "back\\slash": { "type": "boolean", "required": true },
                     "é": { "type": "enum", "values": ["s", "m"] },
                     "tab\tbed": { "type": "url" } },
          "upstream": { "url": "http://x/items/{{input.id}}" } }
        """#

    @Test func theMembersPutTogetherAreTheFieldsEncoded() throws {
        let action = try #require(try Fixtures.load(ActionFilesTests.files(Self.action)).action(named: "buy"))
        let names = action.input.map(\.name) + ["extra", "x\"y", "\u{01}", "日本"]
        let values: [JSONValue] = [.null, .number("0"), .number("3"), .number("21"), .number("0.4"), .number("2.5"), .bool(true),
                                   .string(""), .string("."), .string(".."), .string("ab"), .string("abcde"), .string("s"),
                                   .string("app://x"), .array([]), .object(JSONObject())]
        var random = SeededGenerator(seed: 0xBAD1)
        var refused = 0
        for _ in 0..<GeneratedCases.count(default: 2_000) {
            var input = JSONObject()
            for name in names where Int.random(in: 0..<3, using: &random) == 0 {
                input[name] = values.randomElement(using: &random)!
            }
            guard case .failure(let bad) = action.check(input: input) else { continue }
            refused += 1
            let together = [UInt8(ascii: "{")] + Array(bad.members.joined(separator: [UInt8(ascii: ",")])) + [UInt8(ascii: "}")]
            #expect(String(decoding: together, as: UTF8.self) == String(decoding: JSONWriter.encode(.object(bad.fields)), as: UTF8.self),
                    "\(input)")
        }
        #expect(refused > 1_000 * GeneratedCases.count(default: 2_000) / 2_000)
    }
}
