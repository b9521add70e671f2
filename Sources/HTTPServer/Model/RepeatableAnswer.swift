/// An answer the handler would give again, unchanged, to a request whose head is the same
/// bytes: `HTTPHandler.repeatable` hands one to the server for a request it answered at once,
/// and the server keeps it in its loop's `HeadMemo` beside that head and its response. When
/// the same bytes come again, the server asks `answersAgain` instead of parsing the request and
/// calling `handle`: a cached page asked for again by the same client costs the memo's look-up.
///
/// Owned by one event loop and called on its thread only.
public protocol RepeatableAnswer: AnyObject, Sendable {
    /// Whether `response` (the one answered to the remembered request) still stands for one
    /// more request of the same bytes, now. When it does, the handler does here what it does
    /// for each answer it gives (counting it, marking a cache entry used) and may set the
    /// response's `annotation` anew (the record `didRespond` gets back); nothing else of the
    /// response may change. When it does not, the request is parsed and handled as any other.
    func answersAgain(_ response: inout HTTPResponse) -> Bool
}
