import SDUI

/// The values a page's `data` entries got for one request.
struct PageData: Sendable {
    /// Entry name → value; an entry with no value is absent.
    var values: [String: JSONValue] = [:]
    /// Required entries that got no value: the page answers `not-found`.
    var missingRequired: [String] = []
    /// Optional entries that got no value (failed, timed out, unknown key): noted in the access log.
    var missingOptional: [String] = []
    /// Entries answered with a stale value after a failed fetch (`staleIfErrorSeconds`): the
    /// page is not cached, and the access log names them in `stale=`.
    var stale: [String] = []
}
