import HTTPServer

/// The terms a page answer is given on, read once at the pipeline's door: the content coding
/// the client prefers (`Accept-Encoding`, SPEC §4.1) and its preconditions (`If-None-Match`,
/// `If-Match`). The last step turns a representation into this client's response with them;
/// the steps before it carry this small value, not the request.
struct AnswerTerms: Sendable {
    /// The coding the body is sent in: gzip when the client accepts it, else identity.
    let coding: ContentCoding
    /// The conditional fields: a matching `If-None-Match` is 304, a failing `If-Match` 412.
    let preconditions: Preconditions

    /// The terms of a request with `headers`.
    init(_ headers: HTTPHeaders) {
        self.init(coding: AcceptEncoding.preferredCoding(headers), preconditions: Preconditions(headers))
    }

    /// The terms of a request whose coding is known already (`DecisionMemo`).
    init(coding: ContentCoding, preconditions: Preconditions) {
        self.coding = coding
        self.preconditions = preconditions
    }
}
