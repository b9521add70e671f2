import Testing
@testable import SDUI

/// An action's input checked against its declared fields (SPEC §11): types as in §7.4,
/// `required`, `min`/`max`, `maxLength` in Unicode scalars (default 1024), `null` as absent,
/// undeclared fields refused; every bad field named.
@Suite struct ActionInputTests {
    static let action = """
        { "input": { "productId": { "type": "string", "required": true },
                     "quantity": { "type": "integer", "min": 1, "max": 20 },
                     "price": { "type": "number", "min": 0.5 },
                     "note": { "type": "string", "maxLength": 3 },
                     "text": { "type": "string" },
                     "size": { "type": "enum", "values": ["s", "m"] },
                     "gift": { "type": "boolean" },
                     "link": { "type": "url" } },
          "upstream": { "url": "http://x/items/{{input.productId}}" } }
        """

    static func check(_ input: String) throws -> Result<JSONObject, BadInput> {
        let site = try Fixtures.load(ActionFilesTests.files(action))
        return try #require(site.action(named: "buy")).check(input: try #require(Fixtures.json(input).objectValue))
    }

    static func fields(_ input: String) throws -> [String: String] {
        guard case .failure(let bad) = try check(input) else { return [:] }
        return Dictionary(uniqueKeysWithValues: bad.fields.members.map { ($0.key, $0.value.stringValue ?? "") })
    }

    @Test func aGoodInputPassesWithNullsLeftOut() throws {
        let checked = try Self.check(#"{"productId":"3","quantity":20,"price":0.5,"note":"é́x","size":"m","gift":null,"link":"app://x"}"#)
        #expect(try checked.get() == Fixtures.json(#"{"productId":"3","quantity":20,"price":0.5,"note":"é́x","size":"m","link":"app://x"}"#).objectValue)
    }

    @Test func everyBadFieldIsNamed() throws {
        let fields = try Self.fields(#"{"quantity":21,"price":0.1,"note":"abcd","size":"xl","gift":"yes","link":"nope","extra":1}"#)
        #expect(fields == [
            "productId": "required: expected a string of at most 1024 characters",
            "quantity": "expected an integer from 1 to 20",
            "price": "expected a number of at least 0.5",
            "note": "expected at most 3 characters",
            "size": #"expected one of "s", "m""#,
            "gift": "expected true or false",
            "link": "expected an absolute URL",
            "extra": "not an input of this action",
        ])
    }

    @Test func typesAreChecked() throws {
        #expect(try Self.fields(#"{"productId":3,"quantity":1.5}"#) == [
            "productId": "expected a string of at most 1024 characters", "quantity": "expected an integer from 1 to 20",
        ])
        #expect(try Self.fields(#"{"productId":"1","quantity":"2"}"#)["quantity"] == "expected an integer from 1 to 20")
    }

    /// Numbers past what a 64-bit integer holds are read as doubles, never added up as integers
    /// (that overflowed and crashed the server on one request): out of range, a 400.
    @Test func hugeNumbersAreOutOfRangeNotACrash() throws {
        for huge in ["18446744073709551616", "99999999999999999999", "12345678901234567890.5", "-18446744073709551616",
                     String(repeating: "9", count: 400)] {
            #expect(try Self.fields(#"{"productId":"1","quantity":\#(huge),"price":\#(huge)}"#)["quantity"]
                == "expected an integer from 1 to 20", "\(huge)")
        }
        #expect(try Self.fields(#"{"productId":"1","price":100000000000000000000000}"#).isEmpty, "a huge number is at least 0.5")
    }

    /// Every undeclared field of a large input is named once, in the order sent, after the
    /// declared ones (`trellis bench` measures its cost, in proportion to the fields).
    @Test func everyUndeclaredFieldOfALargeInputIsNamedInOrder() throws {
        let undeclared = (0..<5_000).map { #""f\#($0)":\#($0)"# }.joined(separator: ",")
        guard case .failure(let bad) = try Self.check(#"{"quantity":0,\#(undeclared)}"#) else {
            Issue.record("accepted")
            return
        }
        #expect(bad.fields.keys == ["productId", "quantity"] + (0..<5_000).map { "f\($0)" })
        #expect(bad.members.count == bad.fields.count)
    }

    @Test func maxLengthCountsUnicodeScalarsAndDefaultsTo1024() throws {
        let long = String(repeating: "é", count: 1025)
        #expect(try Self.fields(#"{"productId":"1","text":"\#(long)"}"#)["text"] == "expected at most 1024 characters")
        #expect(try Self.fields(#"{"productId":"1","text":"\#(String(long.dropLast()))"}"#).isEmpty)
    }

    @Test func aFieldThatFillsAPathSegmentIsNeverADotSegment() throws {
        for id in [".", "..", ""] {
            #expect(try Self.fields(#"{"productId":"\#(id)"}"#)["productId"] == #"may not be empty, "." or "..""#)
        }
    }
}
