import HTTPServer
import SDUI
import Testing
@testable import Trellis

/// The pieces of an action's checks and error answers that every refused action runs
/// (SPEC §11), read and written as bytes.
@Suite struct ActionCheckTests {
    @Test func theContentTypeIsJSONWithParametersCaseAndSpacesAside() {
        for value in ["application/json", "Application/JSON", "application/json; charset=utf-8", " \tapplication/json ;x=y",
                      "APPLICATION/JSON;", "application/json\t"] {
            #expect(ActionCheck.isJSON(value), "\(value)")
        }
        for value in [nil, "", "application/jsonp", "application/jso", "text/json", "application/json-patch+json", "application json",
                      "application\u{0F}json", "application/\u{00A0}json", "; application/json"] {
            #expect(!ActionCheck.isJSON(value), "\(String(describing: value))")
        }
    }

    @Test func aRefusedInputIsTheErrorObjectWithItsFieldsAdded() {
        let fields = JSONObject(["quantity": .string("expected an integer from 1 to 20"), "note": .string("say \"hi\"")])
        let error = ActionError(HTTPError(status: 400, code: "bad_input", message: "the input breaks \"the\" rules"), fields: fields)
        #expect(String(decoding: error.body, as: UTF8.self)
            == #"{"error":{"status":400,"code":"bad_input","message":"the input breaks \"the\" rules","#
            + #""fields":{"quantity":"expected an integer from 1 to 20","note":"say \"hi\""}}}"#)
        // Without fields, the error's own body.
        let refused = ActionError(HTTPError(status: 405, code: "method_not_allowed", message: "POST", headers: HTTPHeaders([("Allow", "POST")])))
        #expect(refused.body == HTTPError(status: 405, code: "method_not_allowed", message: "POST").response.body)
    }
}
