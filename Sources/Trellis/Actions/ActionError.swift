import HTTPServer
import SDUI

/// An action's error answer (SPEC §11): the JSON error of §4.2, and for a bad input the
/// `"fields"` it adds, naming every bad field.
struct ActionError: Error, Sendable {
    let error: HTTPError
    /// Field name → what is wrong with it (`bad_input` only).
    var fields: JSONObject?

    init(_ error: HTTPError, fields: JSONObject? = nil) {
        self.error = error
        self.fields = fields
    }

    init(status: Int, code: String, _ message: String) {
        self.init(HTTPError(status: status, code: code, message: message))
    }

    /// The JSON response: `{"error":{"status":…,"code":…,"message":…[,"fields":{…}]}}`.
    var response: HTTPResponse {
        var response = error.response
        if let fields {
            var writer = JSONWriter(reservingCapacity: 128)
            var object = JSONObject()
            object["status"] = .number(String(error.status))
            object["code"] = .string(error.code)
            object["message"] = .string(error.message)
            object["fields"] = .object(fields)
            writer.write(.object(JSONObject(["error": .object(object)])))
            response.body = writer.bytes
        }
        return response
    }
}
