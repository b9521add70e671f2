import Foundation
import HTTPServer

/// How the response cache took part in a page answer.
enum CacheUse: String, Sendable {
    /// Answered from the cache.
    case hit
    /// Assembled (or joined an assembly under way) and offered to the cache.
    case miss
    /// Not cached: no response cache in this pipeline (`render`, benchmarks).
    case bypass
    /// Not cached: a personal page never enters or leaves the shared cache (SPEC §6.2).
    case personal
}

/// What the pipeline answered one request with, as typed values: the response to write, and
/// the record the access log and the metrics both read (`PageRecord`, which rides on the
/// response as its annotation so it comes back in `HTTPHandler.didRespond`).
struct PageOutcome: Sendable {
    /// The response for the client: the page in its coding, a 304 or 412, or a JSON error. Its
    /// annotation is the record (the outcome keeps no copy of its own).
    let response: HTTPResponse
    /// The JSON error answered instead of a page, nil for a page.
    let error: HTTPError?

    /// A page answer: `representation` on this client's `terms` (coding, preconditions), answered at `date`.
    init(_ representation: Representation, cache: CacheUse, trace: TraceContext, terms: AnswerTerms, date: Date) {
        error = nil
        var response = representation.response(coding: terms.coding, preconditions: terms.preconditions, date: date)
        response.annotation = PageRecord(representation: representation, cache: cache, trace: trace)
        self.response = response
    }

    /// A JSON error decided before a page was (unknown route, method, malformed header).
    init(_ error: HTTPError, trace: TraceContext) {
        self.error = error
        var response = error.response
        response.annotation = PageRecord(representation: nil, cache: nil, trace: trace)
        self.response = response
    }

    /// The record of the answer.
    var record: PageRecord {
        guard let record = response.annotation as? PageRecord else { preconditionFailure("an outcome's response carries its record") }
        return record
    }

    /// The page served, nil for a JSON error.
    var representation: Representation? { record.representation }
}
