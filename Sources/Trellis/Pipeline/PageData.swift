import SDUI

/// The values a page's `data` entries got for one request.
struct PageData: Sendable {
    /// Entry name → value; an entry with no value is absent.
    var values: [String: JSONValue] = [:]
    /// Required entries that got no value: the page answers `not-found`.
    var missingRequired: [String] = []
    /// Optional entries that got no value (failed, timed out, unknown key): noted in the access log.
    var missingOptional: [String] = []
    /// The sources whose stale value stood in for a failed fetch (`staleIfErrorSeconds`), each
    /// once: the page is not cached (by anyone: `Cache-Control: no-store`), and the access log
    /// names them in `stale=` (SPEC §6.2: "names the source").
    var stale: [String] = []
}
