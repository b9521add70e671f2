extension HTTPError {
    /// 400 `bad_request` with the given reason.
    public static func badRequest(_ message: String) -> HTTPError {
        HTTPError(status: 400, code: "bad_request", message: message)
    }

    /// 404 `not_found` (unknown route).
    public static var notFound: HTTPError {
        HTTPError(status: 404, code: "not_found", message: "No such resource.")
    }

    /// 405 `method_not_allowed` with `Allow: GET, HEAD`.
    public static var methodNotAllowed: HTTPError {
        HTTPError(
            status: 405, code: "method_not_allowed", message: "Only GET and HEAD are allowed.",
            headers: HTTPHeaders([("Allow", "GET, HEAD")]))
    }

    /// 408 `request_timeout`: the request head did not arrive in time.
    public static var requestTimeout: HTTPError {
        HTTPError(status: 408, code: "request_timeout", message: "The request head did not arrive in time.")
    }

    /// 408 `request_timeout`: the head arrived, its body did not arrive in time.
    public static var bodyTimeout: HTTPError {
        HTTPError(status: 408, code: "request_timeout", message: "The request body did not arrive in time.")
    }

    /// 412 `precondition_failed`: an `If-Match` that no current representation matches.
    public static var preconditionFailed: HTTPError {
        HTTPError(status: 412, code: "precondition_failed", message: "If-Match matches no current representation.")
    }

    /// 413 `content_too_large`: the body is over the limit.
    public static var contentTooLarge: HTTPError {
        HTTPError(status: 413, code: "content_too_large", message: "The request body is too large.")
    }

    /// 414 `uri_too_long`: the request line is over the limit.
    public static var uriTooLong: HTTPError {
        HTTPError(status: 414, code: "uri_too_long", message: "The request line is too long.")
    }

    /// 431 `header_fields_too_large`: too many header bytes or fields.
    public static var headerFieldsTooLarge: HTTPError {
        HTTPError(status: 431, code: "header_fields_too_large", message: "The request header section is too large.")
    }

    /// 501 `not_implemented`: an unknown method or an unsupported transfer coding.
    public static func notImplemented(_ message: String) -> HTTPError {
        HTTPError(status: 501, code: "not_implemented", message: message)
    }

    /// 505 `http_version_not_supported`: a major version other than 1 (RFC 9110 §15.6.6).
    public static func httpVersionNotSupported(_ message: String) -> HTTPError {
        HTTPError(status: 505, code: "http_version_not_supported", message: message)
    }

    /// 503 `draining`: the server is shutting down.
    public static var draining: HTTPError {
        HTTPError(status: 503, code: "draining", message: "The server is shutting down.")
    }
}
