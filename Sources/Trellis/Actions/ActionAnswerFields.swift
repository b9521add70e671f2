import HTTPServer

/// The header fields of every action answer (SPEC §11), in this order: `Content-Type:
/// application/json; charset=utf-8`, an error's own fields (`Allow` on a 405), `Cache-Control:
/// no-store`, and `Access-Control-Allow-Credentials: true` for an origin `--cors-origins` lists
/// by name.
///
/// With CORS off, an answer with no fields of its own (nearly every one: ops, a refused input)
/// gets them as one block of bytes made once, its `preformattedHeaders`: the same lines, without
/// a field list built and checked per answer. Not with CORS on: its fields join the field list,
/// which the server writes before the block.
enum ActionAnswerFields {
    /// Gives `response` its fields: `own` are the error's, `credentials` whether the origin is
    /// listed by name, `preformatted` whether the block may stand for them (CORS off).
    static func add(to response: inout HTTPResponse, own: HTTPHeaders, credentials: Bool, preformatted: Bool) {
        if preformatted, own.count == 0, !credentials {
            response.preformattedHeaders = block
            return
        }
        var fields = HTTPHeaders()
        fields.add("Content-Type", contentType)
        for field in own { fields.add(field.name, field.value) }
        fields.add("Cache-Control", "no-store")
        if credentials { fields.add("Access-Control-Allow-Credentials", "true") }
        response.headers = fields
    }

    private static let contentType = "application/json; charset=utf-8"

    /// The fields of an answer with none of its own, encoded.
    private static let block = Array("Content-Type: \(contentType)\r\nCache-Control: no-store\r\n".utf8)
}
