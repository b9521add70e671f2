import HTTPServer
import SDUI

/// An action's error answer (SPEC §11): the JSON error of §4.2, and for a bad input the
/// `"fields"` it adds, naming every bad field.
struct ActionError: Error, Sendable {
    let error: HTTPError
    /// The members of `"fields"`, each `"name":"message"` as JSON (`bad_input` only: `BadInput.members`).
    var fields: [[UInt8]]?

    init(_ error: HTTPError, fields: [[UInt8]]? = nil) {
        self.error = error
        self.fields = fields
    }

    init(status: Int, code: String, _ message: String) {
        self.init(HTTPError(status: status, code: code, message: message))
    }

    /// The JSON body: `{"error":{"status":…,"code":…,"message":…[,"fields":{…}]}}`. With fields
    /// (a refused input, the action error answered most) it is the error's own with `"fields"`
    /// added: the text before them is encoded once for the refused input's error, and the
    /// members come encoded, so the body is put together in one array of its exact size.
    var body: [UInt8] {
        guard let fields else { return Array(error.jsonBody.utf8) }
        let head = error == Self.refusedInput ? Self.refusedInputHead : Self.head(of: error)
        var body: [UInt8] = []
        body.reserveCapacity(fields.reduce(head.count + 4) { $0 + $1.count + 1 })
        body += head
        body.append(UInt8(ascii: "{"))
        for (index, member) in fields.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body += member
        }
        body += "}}}".utf8
        return body
    }

    /// The error of an input that breaks the action's field rules (SPEC §11).
    static let refusedInput = HTTPError(status: 400, code: "bad_input", message: "the input breaks the action's field rules")
    private static let refusedInputHead = head(of: refusedInput)

    /// `{"error":{"status":…,"code":…,"message":…,"fields":`: the body before the fields.
    private static func head(of error: HTTPError) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 128)
        writer.appendASCII(#"{"error":{"status":"#)
        writer.write(.number(String(error.status)))
        writer.appendASCII(#","code":"#)
        writer.writeString(error.code)
        writer.appendASCII(#","message":"#)
        writer.writeString(error.message)
        writer.appendASCII(#","fields":"#)
        return writer.bytes
    }
}
