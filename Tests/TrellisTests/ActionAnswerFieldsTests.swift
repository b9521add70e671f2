import Testing
import TestSupport
@testable import HTTPServer
@testable import Trellis

/// An action answer's fields as one pre-encoded block (CORS off, none of the error's own) are
/// what the field list gives on the wire, byte for byte.
@Suite struct ActionAnswerFieldsTests {
    /// The bytes the server writes for `response`: its head (`ResponseHead`), the block, the
    /// blank line and the body.
    static func wire(_ response: HTTPResponse) -> String {
        var head: [UInt8] = []
        ResponseHead.render(response, into: &head, requestID: "0123456789abcde", version: .http1_1, closing: false,
                            serverLine: Array("Server: t\r\n".utf8), dateLine: Array("Date: d\r\n".utf8))
        return String(decoding: head + response.preformattedHeaders + Array("\r\n".utf8) + response.body, as: UTF8.self)
    }

    /// On generated answers (status, body, the error's own fields or none, credentials or
    /// not), the field list is Content-Type, the error's own fields, Cache-Control and the
    /// credentials field, in order; and letting the block stand for them changes no byte.
    @Test func theBlockIsTheFieldListsBytes() {
        var random = SeededGenerator(seed: 0xAC7)
        let owns: [[(String, String)]] = [[], [], [("Allow", "POST")], [("Allow", "POST"), ("Retry-After", "1")]]
        var blocks = 0
        for _ in 0..<GeneratedCases.count(default: 500) {
            let body = (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
            var listed = HTTPResponse(status: Int.random(in: 100..<600, using: &random), body: body)
            let own = owns.randomElement(using: &random)!, credentials = Bool.random(using: &random)
            var fast = listed
            ActionAnswerFields.add(to: &listed, own: HTTPHeaders(own), credentials: credentials, preformatted: false)
            ActionAnswerFields.add(to: &fast, own: HTTPHeaders(own), credentials: credentials, preformatted: true)
            let expected = [("Content-Type", "application/json; charset=utf-8")] + own + [("Cache-Control", "no-store")]
                + (credentials ? [("Access-Control-Allow-Credentials", "true")] : [])
            #expect(listed.headers.map { "\($0.name): \($0.value)" } == expected.map { "\($0.0): \($0.1)" })
            #expect(Self.wire(fast) == Self.wire(listed), "\(own) \(credentials)")
            if !fast.preformattedHeaders.isEmpty { blocks += 1 }
        }
        #expect(blocks > 50)
    }
}
